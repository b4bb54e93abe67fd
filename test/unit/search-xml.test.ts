import { describe, expect, it } from 'vitest';
import { SearchResultsError } from '../../src/adapters/search-results/errors.js';
import { parseSearchXml } from '../../src/adapters/search-results/parse-xml.js';
import { errorXml, searchXml } from '../fakes/fake-search-server.js';

describe('parseSearchXml', () => {
  it('reads found-docs (all) and the group domains in rank order', () => {
    const xml = searchXml({ foundDocs: 192_685_602, domains: ['www.ozon.ru', 'habr.com', 'vk.com'] });
    expect(parseSearchXml(xml)).toEqual({ foundDocs: 192_685_602, topDomains: ['www.ozon.ru', 'habr.com', 'vk.com'] });
  });

  it('prefers found-docs over the response-level found, and falls back to found when found-docs is absent', () => {
    const both = '<yandexsearch><response><found priority="all">100</found><results><grouping>' +
      '<found priority="all">3</found><found-docs priority="phrase">7</found-docs><found-docs priority="all">250</found-docs></grouping></results></response></yandexsearch>';
    expect(parseSearchXml(both).foundDocs).toBe(250);
    const onlyFound = "<yandexsearch><response><found priority='strict'>9</found><found priority='all'>12</found></response></yandexsearch>";
    expect(parseSearchXml(onlyFound)).toEqual({ foundDocs: 12, topDomains: [] });
  });

  it('takes at most ten domains, the first document of each group, the url host when <domain> is missing', () => {
    const domains = Array.from({ length: 12 }, (_, i) => `site${i}.example`);
    expect(parseSearchXml(searchXml({ foundDocs: 5000, domains })).topDomains).toEqual(domains.slice(0, 10));
    const noDomainTag = '<yandexsearch><response><found priority="all">5</found><results><grouping>' +
      '<group><doc><url>https://Shop.Example.ru/a?x=1&amp;y=2</url></doc><doc><url>https://other.example/</url></doc></group>' +
      '<group><doc><url>not a url</url></doc></group></grouping></results></response></yandexsearch>';
    expect(parseSearchXml(noDomainTag).topDomains).toEqual(['shop.example.ru']);
  });

  it('does not read domains out of escaped text in passages', () => {
    const xml = '<yandexsearch><response><found priority="all">5</found><results><grouping><group><doc>' +
      '<title>&lt;domain&gt;evil.example&lt;/domain&gt;</title><domain>real.example</domain></doc></group>' +
      '</grouping></results></response></yandexsearch>';
    expect(parseSearchXml(xml).topDomains).toEqual(['real.example']);
  });

  it('error 15 (nothing found) is an answer with no documents; other errors and non-XML throw', () => {
    expect(parseSearchXml(errorXml(15))).toEqual({ foundDocs: 0, topDomains: [] });
    expect(() => parseSearchXml(errorXml(55, 'Request limit & quota'))).toThrow(/error 55: Request limit & quota/);
    expect(() => parseSearchXml('<html>captcha</html>')).toThrow(SearchResultsError);
    expect(() => parseSearchXml('<yandexsearch><response></response></yandexsearch>')).toThrow(/no document count/);
  });
});
