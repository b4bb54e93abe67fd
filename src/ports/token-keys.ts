/** One public key of a JSON Web Key Set (RFC 7517), as published: members the verifier reads, others kept. */
export interface PublicJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  [member: string]: unknown;
}

/** The signing keys of the configured OAuth issuer (its JWKS), fetched anew on each call: callers cache. */
export interface TokenKeySource {
  /** The issuer's current key set; rejects when it cannot be had (unreachable, too large, not a key set). */
  load(): Promise<{ keys: PublicJwk[] }>;
}
