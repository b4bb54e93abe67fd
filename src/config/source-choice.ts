/**
 * The Yandex Cloud credentials the Wordstat source (and the web search beside it) sign with: a folder and an
 * API key or an IAM token (the key preferred when both are set). Only a complete set makes one.
 */
export type WordstatCredentials = { readonly folderId: string } & (
  | { readonly apiKey: string; readonly iamToken?: string | undefined }
  | { readonly apiKey?: undefined; readonly iamToken: string }
);

/**
 * Which statistics source the service runs, decided once at start: the demo model, Wordstat with its
 * credentials, or none (data calls answer 503, /readyz says not ready) with the reason for the start-up log.
 */
export type SourceChoice =
  | { readonly sourceKind: 'demo' }
  | { readonly sourceKind: 'wordstat'; readonly wordstat: WordstatCredentials }
  | { readonly sourceKind: 'none'; readonly sourceProblem: string };

/** The variables the choice reads; nothing else in the service reads them. */
export interface SourceVariables {
  NODE_ENV: 'development' | 'production' | 'test';
  SOURCE?: 'demo' | 'wordstat' | undefined;
  YANDEX_API_KEY?: string | undefined;
  YANDEX_IAM_TOKEN?: string | undefined;
  YANDEX_FOLDER_ID?: string | undefined;
}

const CREDENTIALS_NEEDED = 'YANDEX_API_KEY and YANDEX_FOLDER_ID';

/** The complete credentials in the environment, if any (a key or a token without a folder is not). */
function credentialsOf(env: SourceVariables): WordstatCredentials | undefined {
  const folderId = env.YANDEX_FOLDER_ID;
  if (!folderId) return undefined;
  if (env.YANDEX_API_KEY) return { folderId, apiKey: env.YANDEX_API_KEY, iamToken: env.YANDEX_IAM_TOKEN };
  if (env.YANDEX_IAM_TOKEN) return { folderId, iamToken: env.YANDEX_IAM_TOKEN };
  return undefined;
}

/**
 * Explicit SOURCE first; else Wordstat when credentials exist; else the demo, except in production, which
 * must not serve model numbers by accident. Asked for Wordstat without credentials: no source (503), not a
 * refusal to start, as the spec says (decisions.md, Sources).
 */
export function chooseSource(env: SourceVariables): SourceChoice {
  const wordstat = credentialsOf(env);
  if (env.SOURCE === 'demo') return { sourceKind: 'demo' };
  if (env.SOURCE === 'wordstat') {
    return wordstat ? { sourceKind: 'wordstat', wordstat } : { sourceKind: 'none', sourceProblem: `SOURCE=wordstat needs ${CREDENTIALS_NEEDED}` };
  }
  if (wordstat) return { sourceKind: 'wordstat', wordstat };
  if (env.NODE_ENV === 'production') {
    return { sourceKind: 'none', sourceProblem: `production needs ${CREDENTIALS_NEEDED}, or SOURCE=demo` };
  }
  return { sourceKind: 'demo' };
}
