import { SaxesParser } from 'saxes';
import { type SerpPage, type SerpResult, snippetOf } from '../../ports/web-search.js';
import { unreadablePage } from './serp-errors.js';
import { DomainError } from '../../domain/errors.js';

/** The engine's "no results for this query" error: an answer (nothing found), not a failure. */
const NO_RESULTS_CODE = '15';

/** The fields of one `<doc>` read as text (highlighting `<hlword>` is text of its field). */
const DOC_FIELDS = new Set(['url', 'domain', 'title', 'headline', 'passages']);

interface DocDraft {
  url: string;
  domain: string;
  title: string;
  headline: string;
  passages: string;
}

/**
 * A Yandex XML results page (`yandexsearch` format) read with a conforming XML parser (saxes): the document
 * count from `<found-docs priority="all">` (else the response's `<found priority="all">`), and each `<group>`'s
 * first `<doc>` as a result {url, domain, title} in rank order. Error 15 (nothing found) is a page of 0
 * documents; any other `<error>`, a text that is not well-formed XML, or a `yandexsearch` without a count throws:
 * an unreadable page is never answered as empty results.
 */
export function parseSerpXml(xml: string): SerpPage {
  const parser = new SaxesParser();
  const path: string[] = [];
  let root: string | undefined;
  let foundDocs: number | undefined;
  let foundAll: number | undefined;
  let error: { code: string; text: string } | undefined;
  let countTarget: 'docs' | 'found' | 'error' | undefined;
  let countText = '';
  const results: SerpResult[] = [];
  let doc: DocDraft | undefined;
  let docsInGroup = 0;
  let field: keyof DocDraft | undefined;

  parser.on('opentag', (tag) => {
    const name = tag.name;
    root ??= name;
    const attributes = tag.attributes as Record<string, string>;
    if (name === 'group') docsInGroup = 0;
    else if (name === 'doc' && path.includes('group')) {
      docsInGroup++;
      if (docsInGroup === 1) doc = { url: '', domain: '', title: '', headline: '', passages: '' };
    } else if (doc && path.at(-1) === 'doc' && DOC_FIELDS.has(name)) field = name as keyof DocDraft;
    else if (name === 'found-docs' && attributes.priority === 'all' && foundDocs === undefined) countTarget = 'docs';
    else if (name === 'found' && attributes.priority === 'all' && path.at(-1) === 'response') countTarget = 'found';
    else if (name === 'error' && path.at(-1) === 'response') {
      countTarget = 'error';
      error = { code: attributes.code ?? '', text: '' };
    }
    if (name === 'passage' && doc && field === 'passages' && doc.passages) doc.passages += ' … ';
    countText = '';
    path.push(name);
  });
  parser.on('text', (text) => {
    if (doc && field) doc[field] += text;
    else if (countTarget) countText += text;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    const name = tag.name;
    if (field && name === field) field = undefined;
    else if (name === 'doc' && doc) {
      results.push(resultOf(doc, results.length + 1));
      doc = undefined;
    } else if (countTarget === 'docs' && name === 'found-docs') {
      foundDocs = Number(countText.trim());
      countTarget = undefined;
    } else if (countTarget === 'found' && name === 'found') {
      foundAll = Number(countText.trim());
      countTarget = undefined;
    } else if (countTarget === 'error' && name === 'error') {
      error!.text = countText.trim();
      countTarget = undefined;
    }
  });

  try {
    parser.write(xml).close();
  } catch (thrown) {
    throw unreadablePage(`not well-formed XML (${(thrown as Error).message.split('\n')[0]!.slice(0, 120)})`);
  }
  if (root !== 'yandexsearch') throw unreadablePage(root ? `an XML document <${root}>, not yandexsearch` : 'no XML document');
  if (error) {
    if (error.code === NO_RESULTS_CODE) return { foundDocs: 0, results: [] };
    throw new DomainError('SOURCE_FAILED', `the search engine answered error ${error.code}: ${error.text.slice(0, 200)}`);
  }
  const count = foundDocs ?? foundAll;
  if (count === undefined || !Number.isFinite(count)) throw unreadablePage('the results XML has no document count');
  return { foundDocs: count, results };
}

/**
 * A result from its doc: the domain from `<domain>`, else the URL's host; text trimmed; the snippet from
 * `<passages>` (passages joined by " … "), else `<headline>`, highlighting stripped (its text kept), bounded.
 */
function resultOf(doc: DocDraft, position: number): SerpResult {
  const url = doc.url.trim();
  let domain = doc.domain.trim().toLowerCase();
  if (!domain) {
    try {
      domain = new URL(url).hostname.toLowerCase();
    } catch {
      domain = '';
    }
  }
  return { position, url, domain, title: doc.title.replace(/\s+/g, ' ').trim(), snippet: snippetOf(doc.passages) ?? snippetOf(doc.headline) };
}
