import { type SerpAds, type SerpPage, type SerpResult, type SerpTextAd, snippetOf } from '../../ports/web-search.js';
import { tokenizeHtml } from './html-tokens.js';
import { unreadablePage } from './serp-errors.js';

/**
 * A Yandex HTML results page read defensively: the organic results, the text ads above and below them, the
 * product gallery, and the document count. The page is read by its stable markers, not by position:
 * - each result is an element of class `serp-item`; its link is the `a.OrganicTitle-Link` (href, text = title),
 *   its snippet the `OrganicTextContentSpan` text; an item marked `Organic_adv` or labelled "Реклама" is a text ad,
 *   in the top block before the first organic result and in the bottom block after it;
 * - the product gallery is an element with `data-fast-name="products"` (or class `ProductsGallery`), its cards
 *   the `EProductSnippet2` elements inside;
 * - the count is `.serp-adv__found` ("Нашлось 74 млн результатов": тыс./млн/млрд multiply the figure, as shown);
 * - "nothing found" (`EmptySearchResults`) is a page of 0 documents.
 * A page with none of these markers (a changed layout, a captcha, an error page) throws SOURCE_FAILED: an
 * unreadable page is never answered as empty results; so does a page with results but no count.
 */
export function parseSerpHtml(html: string): SerpPage {
  interface Item {
    depth: number;
    ad: boolean;
    url: string;
    title: string;
    snippet: string;
  }
  const stack: string[] = [];
  let item: Item | undefined;
  let titleDepth = -1;
  let snippetDepth = -1;
  let labelDepth = -1;
  let labelText = '';
  let foundDepth = -1;
  let foundText = '';
  let galleryDepth = -1;
  let galleryCards = 0;
  let gallerySeen = false;
  let empty = false;
  let serpItems = 0;
  const organic: Item[] = [];
  const ads: Item[] = [];
  const order: Array<{ kind: 'organic' | 'ad'; item: Item }> = [];

  const closeItem = () => {
    if (!item) return;
    if (item.url) {
      (item.ad ? ads : organic).push(item);
      order.push({ kind: item.ad ? 'ad' : 'organic', item });
    }
    item = undefined;
  };

  tokenizeHtml(html, {
    onopentag(name, attributes) {
      const classes = new Set((attributes.class ?? '').split(/\s+/).filter(Boolean));
      const depth = stack.length;
      stack.push(name);
      // A line break or block inside a title or snippet separates words.
      if (item && (name === 'br' || name === 'div' || name === 'p' || name === 'li')) {
        if (titleDepth >= 0) item.title += ' ';
        if (snippetDepth >= 0) item.snippet += ' ';
      }
      if (classes.has('serp-item')) {
        closeItem();
        serpItems++;
        item = { depth, ad: classes.has('Organic_adv'), url: '', title: '', snippet: '' };
      }
      if (item && classes.has('Organic_adv')) item.ad = true;
      if (attributes['data-fast-name'] === 'products' || classes.has('ProductsGallery')) {
        if (galleryDepth < 0) galleryDepth = depth;
        gallerySeen = true;
      }
      if (galleryDepth >= 0 && classes.has('EProductSnippet2')) galleryCards++;
      if (item && name === 'a' && classes.has('OrganicTitle-Link') && !item.url) {
        item.url = (attributes.href ?? '').trim();
        titleDepth = depth;
      }
      if (item && classes.has('OrganicTextContentSpan')) snippetDepth = depth;
      if (item && (classes.has('Organic-Label') || classes.has('Label'))) {
        labelDepth = depth;
        labelText = '';
      }
      if (classes.has('serp-adv__found')) {
        foundDepth = depth;
        foundText = '';
      }
      if ([...classes].some((c) => c.startsWith('EmptySearchResults'))) empty = true;
    },
    ontext(text) {
      if (item && titleDepth >= 0) item.title += text;
      if (item && snippetDepth >= 0) item.snippet += text;
      if (labelDepth >= 0) labelText += text;
      if (foundDepth >= 0) foundText += text;
    },
    onclosetag(name) {
      const at = stack.lastIndexOf(name);
      if (at < 0) return; // a stray end tag: ignored, as browsers do
      stack.length = at;
      if (titleDepth >= at) titleDepth = -1;
      if (snippetDepth >= at) snippetDepth = -1;
      if (labelDepth >= at) {
        if (item && /^\s*реклама\s*$/i.test(labelText)) item.ad = true;
        labelDepth = -1;
      }
      if (foundDepth >= at) foundDepth = -1;
      if (galleryDepth >= at) galleryDepth = -1;
      if (item && item.depth >= at) closeItem();
    },
  });
  closeItem();

  if (empty && organic.length === 0) return { foundDocs: 0, results: [], ads: { text: [], productGallery: null } };
  if (serpItems === 0 || (organic.length === 0 && ads.length === 0 && !gallerySeen)) {
    throw unreadablePage('an HTML page without search results (an unknown layout)');
  }
  const foundDocs = parseFoundCount(foundText);
  if (foundDocs === undefined) throw unreadablePage('the results HTML has no document count');

  const results: SerpResult[] = organic.map((r, i) => ({ position: i + 1, ...linkOf(r.url), title: clean(r.title), snippet: snippetOf(r.snippet) }));
  const text: SerpTextAd[] = [];
  let seenOrganic = false;
  const counters = { top: 0, bottom: 0 };
  for (const { kind, item: r } of order) {
    if (kind === 'organic') {
      seenOrganic = true;
      continue;
    }
    const block = seenOrganic ? 'bottom' : 'top';
    text.push({ block, position: ++counters[block], ...linkOf(r.url), title: clean(r.title) });
  }
  const pageAds: SerpAds = { text, productGallery: gallerySeen ? { count: galleryCards } : null };
  return { foundDocs, results, ads: pageAds };
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The URL as given, and its host as the domain (lower case, without "www."). */
function linkOf(url: string): { url: string; domain: string } {
  try {
    return { url, domain: new URL(url).hostname.toLowerCase().replace(/^www\./, '') };
  } catch {
    return { url, domain: '' };
  }
}

const MULTIPLIERS: Record<string, number> = { тыс: 1e3, млн: 1e6, млрд: 1e9 };

/** "Нашлось 74 млн результатов" → 74,000,000; "Нашлось 1 234 567 результатов" → 1,234,567; else undefined. */
export function parseFoundCount(text: string): number | undefined {
  const match = /(\d[\d\s\u00a0\u2009]*(?:[.,]\d+)?)\s*(тыс|млн|млрд)?/i.exec(text);
  if (!match) return undefined;
  const figure = Number(match[1]!.replace(/[\s\u00a0\u2009]/g, '').replace(',', '.'));
  if (!Number.isFinite(figure)) return undefined;
  return Math.round(figure * (match[2] ? MULTIPLIERS[match[2].toLowerCase()]! : 1));
}
