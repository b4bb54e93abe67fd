/**
 * Web-search economy across faces (issue 28): one app in this process, the search fake behind it (a few ms per
 * search, so concurrent asks overlap), REST + MCP + GraphQL requests of serp, core_clusters and core_intent over
 * overlapping phrases in different case and spacing. Figure: searches at the fake ÷ distinct (phrase, region,
 * device, depth) among them (ideal 1.00).
 *
 *   npm run bench -- serp-economy [--requests 2100] [--concurrency 50] [--phrases 40] [--latency 5]
 */
import { startFakeSearch } from '../fakes/search/fake-search.js';
import { demoSerp } from '../src/adapters/demo/serp-model.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { createSerpFacesApp, runSerpFacesWorkload } from './support/serp-faces-workload.js';
import { ms, printTable, ratio } from './support/table.js';

const requests = numberOption('requests', 2100);
const concurrency = numberOption('concurrency', 50);
const phrases = numberOption('phrases', 40);
const latency = numberOption('latency', 5);

console.log(machineLine());
console.log(loadLine());
const fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key', syncLatencyMs: latency });
const app = createSerpFacesApp(fake);
try {
  const e = await runSerpFacesWorkload(app, fake, { requests, concurrency, phrases });
  printTable(
    `web searches across faces: ${requests} requests, ${concurrency}-way, ${phrases} phrases, ${latency} ms a search`,
    ['REST / MCP / GraphQL', 'failed', 'searches', 'distinct pages', 'searches ÷ distinct', 'wall'],
    [[`${e.byFace.rest} / ${e.byFace.mcp} / ${e.byFace.graphql}`, e.failed, e.searches, e.distinctPages, ratio(e.ratio), ms(e.wallMs)]],
  );
} finally {
  await app.close();
  await fake.close();
}
