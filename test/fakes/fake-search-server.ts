import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A results page the fake serves: the document count and the domains of the groups, in rank order. */
export interface FakePage {
  foundDocs: number;
  domains: string[];
}

/**
 * What the fake search API does with the next call:
 * - `{ page }`: HTTP 200, `{rawData: base64(searchXml(page))}`;
 * - `{ xml }`: HTTP 200 with this XML as rawData;
 * - `{ engineError: code }`: an XML answer carrying `<error code=…>` (15 = nothing found);
 * - `{ status, body? }`: an HTTP error; `{ raw }`: HTTP 200 with this raw body; `'hang'`: never answer;
 * - `{ delayMs, then }`: wait, then behave as `then`.
 */
export type SearchBehaviour =
  | { page: FakePage }
  | { xml: string }
  | { engineError: number; message?: string }
  | { status: number; body?: string }
  | { raw: string }
  | 'hang'
  | { delayMs: number; then: SearchBehaviour };

export interface RecordedSearchRequest {
  authorization: string | undefined;
  body: any;
}

export interface FakeSearchServer {
  /** The base URL to configure (SEARCH_BASE_URL). */
  readonly baseUrl: string;
  readonly calls: number;
  readonly requests: RecordedSearchRequest[];
  behave(plan: (callNumber: number, request: RecordedSearchRequest) => SearchBehaviour): void;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Yandex XML answer shaped as the docs show it (request echo, counts, grouped documents with markup). */
export function searchXml(page: FakePage, query = 'запрос'): string {
  const groups = page.domains
    .map(
      (domain, i) => `
      <group>
        <categ attr="d" name="${escapeXml(domain)}"/>
        <doccount>${10 + i}</doccount>
        <relevance priority="all"/>
        <doc id="Z${i}">
          <relevance priority="phrase"/>
          <url>https://${escapeXml(domain)}/page?a=1&amp;b=${i}</url>
          <domain>${escapeXml(domain)}</domain>
          <title><hlword>${escapeXml(query)}</hlword> — результат ${i + 1}</title>
          <passages><passage>Текст с <hlword>${escapeXml(query)}</hlword> &lt;domain&gt;fake.example&lt;/domain&gt;</passage></passages>
        </doc>
      </group>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<yandexsearch version="1.0">
<request><query>${escapeXml(query)}</query><page>0</page>
  <groupings><groupby attr="d" mode="deep" groups-on-page="10" docs-in-group="1" curcateg="-1"/></groupings></request>
<response date="20261120T090000">
  <reqid>fake-reqid</reqid>
  <found priority="phrase">${page.foundDocs}</found>
  <found priority="strict">${page.foundDocs}</found>
  <found priority="all">${page.foundDocs}</found>
  <found-human>Нашлось ${page.foundDocs} результатов</found-human>
  <results>
    <grouping attr="d" mode="deep" groups-on-page="10" docs-in-group="1" curcateg="-1">
      <found priority="all">${page.domains.length}</found>
      <found-docs priority="phrase">${page.foundDocs}</found-docs>
      <found-docs priority="all">${page.foundDocs}</found-docs>
      <page first="1" last="${page.domains.length}">0</page>${groups}
    </grouping>
  </results>
</response>
</yandexsearch>`;
}

/** An XML answer carrying only an engine error. */
export function errorXml(code: number, message = 'Sorry, there are no results for this search'): string {
  return `<?xml version="1.0" encoding="utf-8"?><yandexsearch version="1.0"><response date="20261120T090000"><error code="${code}">${escapeXml(message)}</error></response></yandexsearch>`;
}

/** A fake Yandex web search API: real HTTP on 127.0.0.1, an ephemeral port, fault injection, call counting. */
export async function startFakeSearchServer(): Promise<FakeSearchServer> {
  const requests: RecordedSearchRequest[] = [];
  let plan: (n: number, request: RecordedSearchRequest) => SearchBehaviour = () => ({
    page: { foundDocs: 1_000_000, domains: ['ozon.ru', 'wildberries.ru', 'ru.wikipedia.org'] },
  });

  const send = (res: ServerResponse, xml: string) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rawData: Buffer.from(xml).toString('base64') }));

  const respond = async (res: ServerResponse, behaviour: SearchBehaviour, query: string): Promise<void> => {
    if (behaviour === 'hang') return;
    if ('delayMs' in behaviour) {
      // real wait: a fake latency (delayMs), only where a test asks for one
      await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      return respond(res, behaviour.then, query);
    }
    if ('status' in behaviour) {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(behaviour.body ?? '{"code":13,"message":"internal"}');
    } else if ('raw' in behaviour) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.raw);
    } else if ('page' in behaviour) {
      send(res, searchXml(behaviour.page, query));
    } else if ('xml' in behaviour) {
      send(res, behaviour.xml);
    } else {
      send(res, errorXml(behaviour.engineError, behaviour.message));
    }
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v2/web/search') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const recorded = { authorization: req.headers.authorization, body };
    requests.push(recorded);
    await respond(res, plan(requests.length, recorded), String(body?.query?.queryText ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get calls() {
      return requests.length;
    },
    requests,
    behave(next) {
      plan = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
