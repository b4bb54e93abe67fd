import type { SerpDepth, SerpPage, SerpQuery, SerpResult } from '../../src/ports/web-search.js';

/** What the fake reads of a WebSearchRequest body: the query as the model takes it, or why it is refused. */
export function serpQueryOf(body: unknown): (SerpQuery & { html: boolean }) | { refuse: string } {
  if (!body || typeof body !== 'object') return { refuse: 'the body must be a JSON object' };
  /** The request as JSON: fields read leniently, then checked one by one as the API does. */
  interface Wire {
    query?: { searchType?: unknown; queryText?: unknown };
    groupSpec?: { groupsOnPage?: unknown; docsInGroup?: unknown };
    folderId?: unknown;
    responseFormat?: unknown;
    region?: unknown;
    userAgent?: unknown;
  }
  const b = body as Wire;
  const text = b.query?.queryText;
  if (b.query?.searchType !== 'SEARCH_TYPE_RU') return { refuse: 'query.searchType must be SEARCH_TYPE_RU here' };
  if (typeof text !== 'string' || text.trim() === '') return { refuse: 'query.queryText is required' };
  if (text.length > 400) return { refuse: 'query.queryText: the maximum string length in characters is 400' };
  if (text.trim().split(/\s+/).length > 40) return { refuse: 'query.queryText: at most 40 words' };
  if (typeof b.folderId !== 'string' || b.folderId === '') return { refuse: 'folderId is required' };
  const groups = Number(b.groupSpec?.groupsOnPage ?? 20);
  if (!Number.isInteger(groups) || groups < 1 || groups > 100) return { refuse: 'groupSpec.groupsOnPage must be 1 to 100' };
  const docs = Number(b.groupSpec?.docsInGroup ?? 1);
  if (!Number.isInteger(docs) || docs < 1 || docs > 3) return { refuse: 'groupSpec.docsInGroup must be 1 to 3' };
  if (b.responseFormat !== undefined && b.responseFormat !== 'FORMAT_XML' && b.responseFormat !== 'FORMAT_HTML') {
    return { refuse: 'responseFormat must be FORMAT_XML or FORMAT_HTML' };
  }
  const regionId = Number(b.region ?? 225);
  if (!Number.isInteger(regionId) || regionId <= 0) return { refuse: 'region must be a region id' };
  const device = /Mobile|Android|iPhone/.test(String(b.userAgent ?? '')) ? 'mobile' : 'desktop';
  return { phrase: text.trim(), regionId, device, depth: Math.min(groups, 30) as SerpDepth, html: b.responseFormat === 'FORMAT_HTML' };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page as the engine's XML (`yandexsearch`): request echo, counts, grouped documents with highlighting. */
export function serpXml(page: SerpPage, query: string): string {
  if (page.results.length === 0 && page.foundDocs === 0) {
    return `<?xml version="1.0" encoding="utf-8"?><yandexsearch version="1.0"><request><query>${escapeXml(query)}</query></request><response date="20261126T000000"><error code="15">Искомая комбинация слов нигде не встречается</error></response></yandexsearch>`;
  }
  const groups = page.results
    .map(
      (r, i) => `<group><categ attr="d" name="${escapeXml(r.domain)}"/><doccount>${3 + i}</doccount><relevance priority="all"/>
<doc id="D${i}"><relevance priority="phrase"/><url>${escapeXml(r.url)}</url><domain>${escapeXml(r.domain)}</domain>
<title>${highlight(r.title, query)}</title><modtime>20261101T101010</modtime><size>12345</size><charset>utf-8</charset>
${r.snippet ? `<headline>${escapeXml(r.snippet.split('. ')[0]!)}</headline><passages><passage>${highlight(r.snippet, query)}</passage></passages>` : ''}<properties><_PassagesType>0</_PassagesType></properties><mime-type>text/html</mime-type></doc></group>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<yandexsearch version="1.0"><request><query>${escapeXml(query)}</query><page>0</page><sortby order="descending" priority="no">rlv</sortby><maxpassages>1</maxpassages>
<groupings><groupby attr="d" mode="deep" groups-on-page="${page.results.length}" docs-in-group="1" curcateg="-1"/></groupings></request>
<response date="20261126T000000"><reqid>fake-${page.foundDocs}</reqid><found priority="phrase">${page.foundDocs}</found><found priority="strict">${page.foundDocs}</found><found priority="all">${page.foundDocs}</found>
<found-human>Нашлось ${page.foundDocs} результатов</found-human><results><grouping attr="d" mode="deep" groups-on-page="${page.results.length}" docs-in-group="1" curcateg="-1">
<found priority="phrase">${Math.ceil(page.foundDocs / 10)}</found><found priority="all">${Math.ceil(page.foundDocs / 10)}</found>
<found-docs priority="phrase">${page.foundDocs}</found-docs><found-docs priority="strict">${page.foundDocs}</found-docs><found-docs priority="all">${page.foundDocs}</found-docs>
<found-docs-human>нашёл ${page.foundDocs} ответов</found-docs-human><page first="1" last="${page.results.length}">0</page>
${groups}
</grouping></results></response></yandexsearch>`;
}

/** The title with the query's first word highlighted, as the engine marks it. */
function highlight(title: string, query: string): string {
  const word = query.split(/\s+/)[0] ?? '';
  const escaped = escapeXml(title);
  if (!word) return escaped;
  const at = title.toLowerCase().indexOf(word.toLowerCase());
  if (at < 0) return escaped;
  return `${escapeXml(title.slice(0, at))}<hlword>${escapeXml(title.slice(at, at + word.length))}</hlword>${escapeXml(title.slice(at + word.length))}`;
}

/** The engine's robot check, as a rawData page (what a blocked folder gets instead of results). */
export const CAPTCHA_HTML =
  '<!DOCTYPE html><html><head><title>Ой!</title></head><body><form action="/checkcaptcha" method="get"><div class="CheckboxCaptcha">Подтвердите, что запросы отправляли вы, а не робот</div></form></body></html>';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The count as the HTML page writes it: digits grouped by non-breaking spaces ("1 234 567"). */
const groupedCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** The title with the query's first word highlighted as the HTML page marks it (`<b>`). */
function boldFirstWord(text: string, query: string): string {
  return highlight(text, query).replace(/<hlword>/g, '<b>').replace(/<\/hlword>/g, '</b>');
}

/**
 * A page as the engine's HTML (FORMAT_HTML), in the markers of a real Yandex results page, trimmed: the count in
 * `.serp-adv__found`, `li.serp-item` results with `a.OrganicTitle-Link` and `OrganicTextContentSpan`, text ads
 * (`Organic_adv`, labelled "Реклама") before and after the organic results, the product gallery
 * (`data-fast-name="products"`, `EProductSnippet2` cards) after the first organic result, scripts and styles
 * around them. "Nothing found" is the `EmptySearchResults` page.
 */
export function serpHtml(page: SerpPage, query: string): string {
  const head = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(query)} — Яндекс: нашлось ${page.foundDocs} результатов</title><style>.serp-item{margin:0}</style><script nonce="x">window.__serp = {"q": "<b>${escapeHtml(query)}</b>"};</script></head><body class="i-ua_js_no serp">`;
  const header = `<header class="HeaderDesktop"><form class="search2" action="/search/"><input class="input__control" name="text" value="${escapeHtml(query)}"></form></header>`;
  if (page.results.length === 0 && page.foundDocs === 0) {
    return `${head}${header}<div class="content"><div class="EmptySearchResults"><h2 class="EmptySearchResults-Title">По вашему запросу ничего не нашлось</h2></div></div></body></html>`;
  }
  const ads = page.ads ?? { text: [], productGallery: null };
  let cid = 0;
  const adItem = (ad: { url: string; domain: string; title: string }) =>
    `<li class="serp-item serp-item_card" data-cid="${cid++}"><div class="Organic Organic_adv organic"><div class="Organic-Label Label">Реклама</div><a class="Link Link_theme_normal OrganicTitle-Link" href="${escapeHtml(ad.url)}" target="_blank"><h2 class="OrganicTitle-LinkText"><span class="OrganicTitleContentSpan">${boldFirstWord(ad.title, query)}</span></h2></a><div class="Path"><a class="Link Path-Item" href="${escapeHtml(ad.url)}"><b>${escapeHtml(ad.domain)}</b></a></div><div class="OrganicText"><span class="OrganicTextContentSpan">Скидки и доставка. Звоните!</span></div></div></li>`;
  const organicItem = (r: SerpResult) =>
    `<li class="serp-item serp-item_card" data-cid="${cid++}" data-fast-name=""><div class="Organic organic Typo"><a class="Link Link_theme_normal OrganicTitle-Link" href="${escapeHtml(r.url)}" target="_blank" data-counter='["b"]'><img class="Favicon" src="//favicon.yandex.net/favicon/${escapeHtml(r.domain)}"><h2 class="OrganicTitle-LinkText"><span class="OrganicTitleContentSpan">${boldFirstWord(r.title, query)}</span></h2></a><div class="Path"><a class="Link Path-Item" href="${escapeHtml(r.url)}">${escapeHtml(r.domain)}</a><span class="Path-Separator">›</span></div>${r.snippet ? `<div class="OrganicText"><span class="OrganicTextContentSpan">${boldFirstWord(r.snippet, query)}</span></div>` : ''}</div></li>`;
  const gallery = ads.productGallery
    ? `<li class="serp-item" data-cid="${cid++}" data-fast-name="products"><div class="ProductsGallery"><h2 class="ProductsGallery-Title">Товары по запросу «${escapeHtml(query)}»</h2><ul class="ProductsGallery-List">${Array.from({ length: ads.productGallery.count }, (_, i) => `<li class="EProductSnippet2"><a class="Link" href="https://market.yandex.ru/product/${i + 1}"><img src="//avatars.mds.yandex.net/${i}.jpg"></a><div class="EPrice">${990 + i * 100}&nbsp;₽</div></li>`).join('')}</ul></div></li>`
    : '';
  const top = ads.text.filter((a) => a.block === 'top').map(adItem).join('');
  const [first, ...rest] = page.results;
  const organic = `${first ? organicItem(first) : ''}${gallery}${rest.map(organicItem).join('')}`;
  const bottom = ads.text.filter((a) => a.block === 'bottom').map(adItem).join('');
  return `${head}${header}<div class="main serp-main"><div class="serp-adv__found">Нашлось ${groupedCount(page.foundDocs)} результатов</div><div class="content__left"><ul id="search-result" class="serp-list serp-list_left_yes" role="main">${top}${organic}${bottom}</ul></div></div><!-- footer --><footer class="footer2"><a href="//yandex.ru/support/">Справка</a></footer></body></html>`;
}
