/**
 * What a bearer key may look like: 8 to 512 printable ASCII characters, no spaces. The authenticator reads only
 * keys of this form from `Authorization`, so a configured key outside it could never be presented: the
 * configuration refuses it at start rather than answering 401 to everything later (issue 24, item 11).
 */
export const API_KEY_MIN_LENGTH = 8;
export const API_KEY_MAX_LENGTH = 512;
/** The key's characters, for building larger patterns (the `Authorization` header's). */
export const API_KEY_CHARS = `[\\x21-\\x7e]{${API_KEY_MIN_LENGTH},${API_KEY_MAX_LENGTH}}`;
const WHOLE_KEY = new RegExp(`^${API_KEY_CHARS}$`);

/** Why `key` can never be presented as a bearer key, or undefined when it can. Never repeats the key (a secret). */
export function apiKeyProblem(key: string): string | undefined {
  if (WHOLE_KEY.test(key)) return undefined;
  const length = [...key].length;
  if (length < API_KEY_MIN_LENGTH || length > API_KEY_MAX_LENGTH) {
    return `has ${length} characters; a key needs ${API_KEY_MIN_LENGTH} to ${API_KEY_MAX_LENGTH}`;
  }
  return 'has a character other than printable ASCII (letters, digits, punctuation; no spaces)';
}
