import { en, ru } from './messages.js';

/** The page's two languages; region names and number formats follow the choice. */
export type Lang = 'ru' | 'en';

export type MessageKey = keyof typeof ru;
const MESSAGES: Record<Lang, typeof ru> = { ru, en };
const LANG_KEY = 'explorer.lang';

let current: Lang = initialLang();
const listeners: (() => void)[] = [];

function initialLang(): Lang {
  const kept = localStorage.getItem(LANG_KEY);
  if (kept === 'ru' || kept === 'en') return kept;
  return navigator.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export const lang = (): Lang => current;

/** The message in the current language, with `{name}` placeholders filled. */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return MESSAGES[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Numbers as the language writes them (12 345 / 12,345). */
export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString(current === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: digits });
}

/** The API's trend (`up 4%`, `down 2%`, `stable`, `up (new)`) in the page's language. */
export function trendText(trend: string): string {
  if (trend === 'stable') return t('trendStable');
  if (trend === 'up (new)') return t('trendNew');
  const match = /^(up|down) (\d+%)$/.exec(trend);
  if (!match) return trend;
  return t(match[1] === 'up' ? 'trendUp' : 'trendDown', { n: match[2]! });
}

/** A month number (1–12) as the language names it (`декабрь`, `December`); a dash for none. */
export function monthName(month: number | null | undefined, style: 'long' | 'short' = 'long'): string {
  if (!month) return '—';
  return new Date(Date.UTC(2024, month - 1, 15)).toLocaleString(current === 'ru' ? 'ru-RU' : 'en-GB', { month: style, timeZone: 'UTC' });
}

/** A date (`YYYY-MM-DD`) as the language writes it: `5 нояб. 2026`, `5 Nov 2026` (`month`: `нояб. 2026`). */
export function formatDate(isoDate: string, style: 'day' | 'month' = 'day'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'day' ? { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' } : { timeZone: 'UTC', month: 'short', year: 'numeric' };
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(current === 'ru' ? 'ru-RU' : 'en-GB', options);
}

/** The API's trend class (growing, stable, falling, seasonal) in the page's language; a dash for none. */
export function trendClassText(trendClass: string | null | undefined): string {
  switch (trendClass) {
    case 'growing':
      return t('classGrowing');
    case 'stable':
      return t('classStable');
    case 'falling':
      return t('classFalling');
    case 'seasonal':
      return t('classSeasonal');
    default:
      return '—';
  }
}

/** Switches the language, keeps the choice, and re-renders whoever listens. */
export function setLang(next: Lang): void {
  current = next;
  localStorage.setItem(LANG_KEY, next);
  applyStaticTexts();
  for (const listener of listeners) listener();
}

export function onLangChange(listener: () => void): void {
  listeners.push(listener);
}

/** Fills every element marked data-i18n (text), data-i18n-placeholder and data-i18n-label. */
export function applyStaticTexts(): void {
  document.documentElement.lang = current;
  document.title = `${t('title')} — explorer`;
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n as MessageKey);
  for (const el of document.querySelectorAll<HTMLInputElement>('[data-i18n-placeholder]')) {
    el.placeholder = t(el.dataset.i18nPlaceholder as MessageKey);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel as MessageKey));
  }
}
