/**
 * Core cleaning (issue 27, section 2): 10,000 phrases through `cleanCore` with the real morphology (az and its
 * shipped OpenCorpora dictionary), the word lists of data/core/ and the region catalogue, region Moscow.
 * Reports the dictionary's load (wall, CPU, RSS), the one-time compile of the word lists and place names, and the
 * cleaning itself: cold (every word new to the memo) and warm (a second list), CPU time and RSS. Goal: ≤ 2 s CPU
 * for 10,000 phrases. Then the longest event-loop stall (perf_hooks monitorEventLoopDelay, 1 ms resolution) of a
 * 10,000 clean in one piece (`cleanCore`) and in slices with a yield between them (`cleanCoreInSlices`, what the
 * service runs): goal, no stall a /healthz probe would see past 100 ms.
 *
 *   npm run bench -- core-clean [--phrases 10000]
 */
import { azMorphologyProvider } from '../src/adapters/morphology/az-morphology.js';
import { loadCoreRules } from '../src/adapters/morphology/core-data.js';
import { loadRegionCatalog } from '../src/adapters/region-data.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createSlicer } from '../src/services/loop-slicer.js';
import { cleanCore, cleanCoreInSlices, type CorePhraseInput } from '../src/domain/core/clean.js';
import { loadLine, machineLine } from './support/machine.js';
import { corePhrases as phrases } from './support/core-phrases.js';
import { numberOption } from './support/options.js';
import { mib, ms, printTable } from './support/table.js';

const count = numberOption('phrases', 10_000);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rss = () => process.memoryUsage().rss;

console.log(machineLine());
console.log(loadLine());

const catalog = loadRegionCatalog();
const rules = loadCoreRules();
const list1 = phrases(count, 1);
const list2 = phrases(count, 2);
global.gc?.();

const rss0 = rss();
let t = performance.now();
let c = cpu();
const morphology = await azMorphologyProvider.get();
const load = { wall: performance.now() - t, cpu: cpu() - c, rss: rss() - rss0 };

t = performance.now();
c = cpu();
cleanCore([{ phrase: 'велосипед' }], { rules, catalog, regionId: 213 }, morphology);
const compile = { wall: performance.now() - t, cpu: cpu() - c, rss: rss() - rss0 };

const run = (list: CorePhraseInput[]) => {
  const before = rss();
  const t0 = performance.now();
  const c0 = cpu();
  const result = cleanCore(list, { rules, catalog, regionId: 213 }, morphology);
  return { wall: performance.now() - t0, cpu: cpu() - c0, rssGrowth: rss() - before, rss: rss(), result };
};
const cold = run(list1);
const warm = run(list2);

printTable(
  `core clean: ${count} phrases, region 213 (Moscow)`,
  ['step', 'wall ms', 'CPU ms', 'RSS'],
  [
    ['dictionary load (az, once, lazily)', ms(load.wall), ms(load.cpu), `+${mib(load.rss)}`],
    ['compile word lists + 869 place names (once)', ms(compile.wall), ms(compile.cpu), `+${mib(compile.rss)}`],
    [`clean ${count} (cold word memo)`, ms(cold.wall), ms(cold.cpu), `${mib(cold.rss)} (+${mib(cold.rssGrowth)})`],
    [`clean ${count} (another list, warm memo)`, ms(warm.wall), ms(warm.cpu), `${mib(warm.rss)} (+${mib(warm.rssGrowth)})`],
  ],
);
const r = cold.result;
console.log(
  `verdicts: keep ${r.counts.keep}, review ${r.counts.review}, drop ${r.counts.drop} (duplicates ${r.counts.duplicates}); ` +
    `negative keywords ${r.negative_keywords.entries.length}; addressable volume ${r.addressable_volume}`,
);
console.log(`negative keywords: ${r.negative_keywords.entries.map((e) => `${e.text} (${e.class}, ${e.removes.length})`).join(", ")}`);
console.log(`goal ≤ 2,000 ms CPU for ${count}: cold ${cold.cpu <= 2000 ? 'met' : 'NOT met'}, warm ${warm.cpu <= 2000 ? 'met' : 'NOT met'}`);


/** The longest event-loop delay (ms) while `work` runs, and its wall and CPU time. */
async function stallOf(work: () => Promise<unknown>): Promise<{ stall: number; wall: number; cpu: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 5)); // the monitor's timer running before the work starts
  const t0 = performance.now();
  const c0 = cpu();
  await work();
  const result = { wall: performance.now() - t0, cpu: cpu() - c0 };
  await nextTurn(); // the delay of a synchronous run is recorded on the turn after it
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  return { stall: histogram.max / 1e6, ...result };
}
const list3 = phrases(count, 3);
const list4 = phrases(count, 4);
const whole = await stallOf(async () => cleanCore(list3, { rules, catalog, regionId: 213 }, morphology));
let pauses = 0;
const slicer = createSlicer();
const sliced = await stallOf(() =>
  cleanCoreInSlices(list4, { rules, catalog, regionId: 213 }, morphology, () => {
    const paused = slicer();
    if (paused) pauses++;
    return paused;
  }),
);
printTable(
  `event-loop stall of a ${count} clean (monitorEventLoopDelay max)`,
  ['how', 'wall ms', 'CPU ms', 'longest stall ms', 'yields'],
  [
    ['cleanCore, one piece (before)', ms(whole.wall), ms(whole.cpu), ms(whole.stall), '0'],
    ['cleanCoreInSlices, a yield per 5 ms of work (the service)', ms(sliced.wall), ms(sliced.cpu), ms(sliced.stall), String(pauses)],
  ],
);
console.log(`goal longest stall ≤ 100 ms: ${sliced.stall <= 100 ? 'met' : 'NOT met'}; ≤ 2,000 ms CPU: ${sliced.cpu <= 2000 ? 'met' : 'NOT met'}`);
