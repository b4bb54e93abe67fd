import { invalidField } from '../../domain/errors.js';
import type { HttpCall } from '../../http/exchange.js';
import type { TableFormat } from './csv-format.js';

import type { TableLang } from '../../services/files/table.js';

export type { TableLang } from '../../services/files/table.js';

/**
 * The language of a table's headers, or undefined for the JSON field names. `?lang=ru|en` decides for every
 * format. A workbook is read by people, so without `lang` it follows `Accept-Language` (Russian when Russian is
 * the first language named, English otherwise); a CSV is read by programs too, so without `lang` it keeps the
 * field names whatever the browser's language. An unknown `lang` is refused, naming it.
 */
export function tableLangOf(request: Pick<HttpCall, 'headers' | 'query'>, format: TableFormat): TableLang | undefined {
  const asked = request.query.get('lang');
  if (asked !== null) {
    const lang = asked.trim().toLowerCase();
    if (lang === 'ru' || lang === 'en') return lang;
    throw invalidField('lang', `lang must be ru or en, got "${asked.slice(0, 20)}"`);
  }
  if (format !== 'xlsx') return undefined;
  return firstLanguage(request.headers.get('accept-language')) === 'ru' ? 'ru' : 'en';
}

/** The primary subtag of the most preferred language of an Accept-Language header (`ru-RU,en;q=0.8` → `ru`). */
function firstLanguage(header: string | null): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.split('-')[0];
}
