/** The reserved `_meta` key of the 2026-07-28 envelope that names the request's revision. */
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/** The 2025-era revisions a client may name in MCP-Protocol-Version (the 1.x SDK's list, and older ones). */
const LEGACY_VERSIONS = new Set(['2024-10-07', '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);

/** Whether a message claims the modern era: a `_meta` envelope naming a protocol version. */
export function claimsModernEra(message: unknown): boolean {
  const params = (message as { params?: { _meta?: Record<string, unknown> } } | null)?.params;
  return typeof params?._meta?.[PROTOCOL_VERSION_META] === 'string';
}

/**
 * Whether a POST may be of the 2026-07-28 era and so needs the v2 SDK's own classification (isLegacyRequest):
 * an envelope claim in a message, or a protocol-version header naming no 2025-era revision. Anything else is
 * 2025-era traffic for certain, served without loading the v2 SDK.
 */
export function mayBeModern(body: unknown, protocolVersionHeader: string | null): boolean {
  if (protocolVersionHeader !== null && !LEGACY_VERSIONS.has(protocolVersionHeader.trim())) return true;
  return Array.isArray(body) ? body.some(claimsModernEra) : claimsModernEra(body);
}
