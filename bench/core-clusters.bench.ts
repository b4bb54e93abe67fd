/**
 * Clustering a core by shared result URLs (issue 28): `clusterPhrases` in process on the demo's results pages
 * (src/adapters/demo/serp-model.ts), 5,000 phrases × top 10 and 10,000 × top 30, each mode at threshold 4.
 * Reports CPU time and the heap the clustering adds (pages built beforehand, not counted). Goals: 5,000 × top 10
 * in ≤ 1 s CPU; 10,000 × top 30 with bounded memory.
 *
 *   npm run bench -- core-clusters [--rounds 3]
 */
import { demoSerp } from '../src/adapters/demo/serp-model.js';
import { CLUSTER_MODES, type ClusterInput, clusterPhrases } from '../src/domain/core/clusters.js';
import type { SerpDepth } from '../src/ports/web-search.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { ms, printTable } from './support/table.js';

const rounds = numberOption('rounds', 3);

const HEADS = ['пластиковые окна', 'ноутбук', 'велосипед', 'диван', 'холодильник', 'кроссовки', 'пицца', 'шины', 'ремонт квартиры', 'натяжные потолки', 'стиральная машина', 'смартфон', 'кофемашина', 'палатка', 'матрас', 'кухня', 'ламинат', 'обои', 'люстра', 'принтер'];
const MODIFIERS = ['купить', 'цена', 'недорого', 'отзывы', 'как выбрать', 'своими руками', 'в москве', 'спб', 'доставка', 'лучшие', '2026', 'для дома', 'б у', 'фото', 'размеры', 'рейтинг', 'акции', 'каталог', 'магазин', 'производители', 'скидки', 'оптом', 'виды', 'как', 'что такое'];
const TRAITS = ['белый', 'черный', 'большой', 'маленький', 'детский', 'мужской', 'женский', 'дешевый', 'новый', 'электрический', 'деревянный', 'металлический', 'угловой', 'складной', 'игровой', 'бесшумный', 'компактный', 'профессиональный', 'узкий', 'широкий'];

/** A deterministic core: head × modifier (500), then head × modifier × trait. */
function core(n: number, depth: SerpDepth): ClusterInput[] {
  const out: ClusterInput[] = [];
  const pairs = HEADS.length * MODIFIERS.length;
  for (let i = 0; out.length < n; i++) {
    const head = HEADS[i % HEADS.length]!;
    const modifier = MODIFIERS[Math.floor(i / HEADS.length) % MODIFIERS.length]!;
    const trait = Math.floor(i / pairs) === 0 ? '' : ` ${TRAITS[Math.floor(i / pairs) % TRAITS.length]}`;
    const phrase = `${modifier}${trait} ${head}`;
    out.push({ phrase, volume: 1000 - (i % 1000), urls: demoSerp({ phrase, regionId: 213, device: 'desktop', depth }).results.map((r) => r.url) });
  }
  return out;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

console.log(machineLine());
console.log(loadLine());

const rows: (string | number)[][] = [];
for (const [n, depth] of [
  [5_000, 10],
  [10_000, 30],
] as const) {
  const inputs = core(n, depth);
  for (const mode of CLUSTER_MODES) {
    const times: number[] = [];
    let heap = 0;
    let shape = '';
    for (let round = 0; round < rounds; round++) {
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      const start = cpu();
      const result = clusterPhrases(inputs, { mode, threshold: 4 });
      times.push(cpu() - start);
      heap = Math.max(heap, process.memoryUsage().heapUsed - before);
      shape = `${result.clusters.length} / ${result.unclustered.length}`;
    }
    times.sort((a, b) => a - b);
    rows.push([`${n} × top ${depth}`, mode, shape, ms(times[0]!), ms(times[Math.floor(times.length / 2)]!), `${(heap / 2 ** 20).toFixed(0)} MiB`]);
  }
}
printTable('clusterPhrases on demo pages, threshold 4', ['core', 'mode', 'clusters / unclustered', 'CPU ms min', 'CPU ms median', 'heap added (max)'], rows);
