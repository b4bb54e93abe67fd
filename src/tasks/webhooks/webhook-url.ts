import { invalidField } from '../../domain/errors.js';
import { ALLOW_PRIVATE_HINT, isPrivateAddress, resolveAll } from './address-guard.js';

/** Longest URL accepted (the format's own limit is far below what servers accept). */
const MAX_URL_LENGTH = 2_000;

/** `$id` and `$tag` in a notification URL become the task's id and tag (URL-encoded). */
export function substituteUrl(template: string, task: { id: string; tag: string | null }): string {
  return template.replaceAll('$id', encodeURIComponent(task.id)).replaceAll('$tag', encodeURIComponent(task.tag ?? ''));
}

/**
 * Checks a postback or pingback URL: http or https, at most 2,000 characters, and (unless private hosts are
 * allowed) a host that resolves only to public addresses. Errors name the field.
 */
export async function checkWebhookUrl(value: unknown, field: string, options: { allowPrivate: boolean }): Promise<string> {
  if (typeof value !== 'string' || value.trim() === '') throw invalidField(field, `${field} must be a non-empty URL string`);
  if (value.length > MAX_URL_LENGTH) throw invalidField(field, `${field} must be at most ${MAX_URL_LENGTH} characters long`);
  let url: URL;
  try {
    url = new URL(substituteUrl(value, { id: '00000000-0000-0000-0000-000000000000', tag: 'tag' }));
  } catch {
    throw invalidField(field, `${field} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidField(field, `${field} must be an http or https URL`);
  if (url.username || url.password) throw invalidField(field, `${field} must not carry credentials`);
  if (options.allowPrivate) return value;
  let addresses: string[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    throw invalidField(field, `${field}: the host ${url.hostname} does not resolve`);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw invalidField(field, `${field}: the host ${url.hostname} resolves to a loopback, private or link-local address, which is refused (${ALLOW_PRIVATE_HINT})`);
  }
  return value;
}
