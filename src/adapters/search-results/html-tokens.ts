/**
 * A small, forgiving HTML tokenizer for the engine's results pages, with htmlparser2's callback shape
 * (onopentag(name, attributes), ontext(text), onclosetag(name)) so a maintained parser can replace it without
 * touching the page reader (serp-html.ts). No HTML parser is installed in this project (saxes is XML-only and
 * refuses real HTML); this covers what a results page needs: tags with quoted, unquoted and bare attributes,
 * void and self-closed elements, comments, doctype, raw-text script/style skipped, entity references in text
 * and attributes. It never throws: malformed markup is read as text or skipped, and the page reader decides
 * whether what it found is a page.
 */
export interface HtmlHandler {
  onopentag(name: string, attributes: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'template', 'textarea', 'title', 'noscript']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

export function tokenizeHtml(html: string, handler: HtmlHandler): void {
  let at = 0;
  const text = (end: number) => {
    if (end > at) handler.ontext(decodeHtmlEntities(html.slice(at, end)));
  };
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    text(lt);
    at = lt;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', lt) || html.startsWith('<?', lt)) {
      const end = html.indexOf('>', lt);
      at = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) {
      handler.ontext('<');
      at = lt + 1;
      continue;
    }
    at = TAG.lastIndex;
    const name = tag[2]!.toLowerCase();
    if (tag[1]) {
      handler.onclosetag(name);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of tag[3]!.matchAll(ATTRIBUTE)) attributes[a[1]!.toLowerCase()] ??= decodeHtmlEntities(a[2] ?? a[3] ?? a[4] ?? '');
    handler.onopentag(name, attributes);
    if (VOID.has(name) || tag[4]) {
      handler.onclosetag(name);
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, at);
      const end = close < 0 ? html.length : close;
      if (name === 'title' || name === 'textarea') text(end);
      const gt = close < 0 ? -1 : html.indexOf('>', close);
      at = gt < 0 ? html.length : gt + 1;
      handler.onclosetag(name);
    }
  }
  text(html.length);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', laquo: '«', raquo: '»', mdash: '—', ndash: '–', hellip: '…', thinsp: '\u2009', rub: '₽' };

/** Numeric references and the named entities a results page uses; unknown ones are kept as written. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}
