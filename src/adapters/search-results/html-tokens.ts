import { Parser } from 'htmlparser2';

/**
 * The engine's results page as a stream of tags and text, read with htmlparser2 (forgiving: malformed markup is
 * read as text or skipped, never thrown; the page reader, serp-html.ts, decides whether what it found is a page).
 * Entities are decoded in text and attributes; names are lower case. The text of scripts, styles, templates and
 * noscript blocks is not passed on: no result is written there.
 */
export interface HtmlHandler {
  onopentag(name: string, attributes: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

const SILENT = new Set(['script', 'style', 'template', 'noscript']);

export function tokenizeHtml(html: string, handler: HtmlHandler): void {
  let silent = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SILENT.has(name)) silent++;
        handler.onopentag(name, attributes);
      },
      ontext(text) {
        if (silent === 0) handler.ontext(text);
      },
      onclosetag(name) {
        if (SILENT.has(name) && silent > 0) silent--;
        handler.onclosetag(name);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
}
