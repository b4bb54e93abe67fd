import type { SerpDepth, SerpPage, SerpQuery } from '../../src/ports/web-search.js';

/** What the fake reads of a WebSearchRequest body: the query as the model takes it, or why it is refused. */
export function serpQueryOf(body: unknown): SerpQuery | { refuse: string } {
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
  return { phrase: text.trim(), regionId, device, depth: Math.min(groups, 30) as SerpDepth };
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
<title>${highlight(r.title, query)}</title><headline>${escapeXml(r.title)}</headline><modtime>20261101T101010</modtime><size>12345</size><charset>utf-8</charset>
<passages><passage>Текст о <hlword>${escapeXml(query)}</hlword> &lt;b&gt;</passage></passages><properties><_PassagesType>0</_PassagesType></properties><mime-type>text/html</mime-type></doc></group>`,
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
