import { ERROR_TEXTS } from './error-messages.js';
import { lang } from './i18n.js';

/** What the API says about an error, besides its words: the stable code, the field at fault, why, and numbers. */
export interface ErrorDetail {
  code?: string | undefined;
  field?: string | undefined;
  reason?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** A request field as the page names it: `keywords[1]` → "Слово 2" (people count from 1). */
export function fieldName(field: string): string {
  const texts = ERROR_TEXTS[lang()];
  const indexed = /^([a-z_A-Z]+)\[(\d+)\]$/.exec(field);
  if (indexed && texts[`field.${indexed[1]}[]`]) return fill(texts[`field.${indexed[1]}[]`]!, { n: Number(indexed[2]) + 1 });
  return texts[`field.${field}`] ?? field;
}

/**
 * The error in the page's language from the explorer's own catalogue: by reason (for a wrong field), else by
 * code; the API's English message only when the catalogue knows neither and the page is in English.
 */
export function errorText(detail: ErrorDetail, status: number, apiMessage: string): string {
  const texts = ERROR_TEXTS[lang()];
  const values = { ...(detail.params ?? {}), field: detail.field ? fieldName(detail.field) : '', status };
  const known = (detail.reason && texts[`reason.${detail.reason}`]) || (detail.code && texts[detail.code]);
  if (known) return capitalise(fill(known, values));
  return lang() === 'en' && apiMessage ? apiMessage : fill(texts.unknown!, values);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
