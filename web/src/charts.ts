import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { h } from './dom.js';
import { formatNumber, lang, t } from './i18n.js';

const BLUE = '#2b6cb0';
const GREY = '#9aa5b1';
const AXIS_FONT = '11px system-ui, sans-serif';

/** Month and weekday names for the time axis in the page's language (uPlot's own are English). */
function dateNames(): uPlot.DateNames {
  const locale = lang() === 'ru' ? 'ru-RU' : 'en-GB';
  const months = (month: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2024, i, 15)).toLocaleString(locale, { month, timeZone: 'UTC' }).replace('.', ''));
  const days = (weekday: 'long' | 'short') =>
    Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 7 + i)).toLocaleString(locale, { weekday, timeZone: 'UTC' }));
  return { MMMM: months('long'), MMM: months('short'), WWWW: days('long'), WWW: days('short') };
}

/** Labels cut to fit `room` pixels, and the width the widest needs. */
function fitLabels(labels: string[], room: number): { labels: string[]; width: number } {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return { labels, width: room };
  context.font = AXIS_FONT;
  const measure = (text: string) => context.measureText(text).width;
  const fitted = labels.map((label) => {
    let text = label;
    while (text.length > 4 && measure(text) > room) text = `${text.slice(0, -2)}…`;
    return text;
  });
  return { labels: fitted, width: Math.ceil(Math.max(0, ...fitted.map(measure))) };
}
const secondsOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 1000;
const widthOf = (container: HTMLElement) => Math.max(280, container.clientWidth);

/** Keeps a chart as wide as its box (narrow phones included). */
function followWidth(container: HTMLElement, chart: uPlot, height: number) {
  const observer = new ResizeObserver(() => chart.setSize({ width: widthOf(container), height }));
  observer.observe(container);
  return () => observer.disconnect();
}

export interface DynamicsPoint {
  date: string;
  count: number;
  share: number;
}

/**
 * The dynamics line: one point per period, a tooltip with date, count and share on hover (or when the
 * chart has focus and the arrow keys move the cursor). The container says how many points it holds.
 */
export function createDynamicsChart(container: HTMLElement) {
  let chart: uPlot | undefined;
  let stopFollowing = () => {};
  let points: DynamicsPoint[] = [];
  let before: (number | null)[] | undefined;
  const tooltip = h('div', { class: 'tooltip', role: 'status', hidden: '' });

  const showTooltip = (u: uPlot) => {
    const i = u.cursor.idx;
    const point = i === null || i === undefined ? undefined : points[i];
    if (!point) return void (tooltip.hidden = true);
    tooltip.replaceChildren(
      h('strong', {}, new Date(`${point.date}T00:00:00Z`).toLocaleDateString(lang() === 'ru' ? 'ru-RU' : 'en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })),
      h('span', {}, `${t('count')}: ${formatNumber(point.count)}`),
      ...(before ? [h('span', {}, `${t('yearBefore')}: ${before[i!] === null || before[i!] === undefined ? '—' : formatNumber(before[i!]!)}`)] : []),
      h('span', {}, `${t('share')}: ${formatNumber(point.share * 100, 5)} %`),
    );
    tooltip.hidden = false;
    const left = u.valToPos(u.data[0][i!]!, 'x') + u.over.offsetLeft;
    const top = u.valToPos(point.count, 'y') + u.over.offsetTop;
    const flip = left > container.clientWidth / 2;
    tooltip.style.left = `${flip ? left - tooltip.offsetWidth - 12 : left + 12}px`;
    tooltip.style.top = `${Math.max(0, top - 20)}px`;
  };

  return {
    /** `yearBefore`: the same periods a year earlier, drawn as a dashed grey line (null: no figure). */
    render(data: DynamicsPoint[], yearBefore?: (number | null)[]) {
      points = data;
      before = yearBefore;
      chart?.destroy();
      stopFollowing();
      const height = 260;
      chart = new uPlot(
        {
          width: widthOf(container),
          height,
          scales: { x: { time: true } },
          fmtDate: (template) => uPlot.fmtDate(template, dateNames()),
          series: [
            {},
            { label: t('count'), stroke: BLUE, width: 2, fill: 'rgba(43,108,176,0.08)', points: { show: true, size: 6 } },
            ...(yearBefore ? [{ label: t('yearBefore'), stroke: GREY, width: 1.5, dash: [6, 4], points: { show: true, size: 4 } }] : []),
          ],
          // Compact labels (1.5M): full numbers like 1,500,000 were wider than the axis and lost their first digits.
          axes: [{}, { size: 64, values: (_u, splits) => splits.map((v) => compactNumber(v)) }],
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          hooks: { setCursor: [showTooltip] },
        },
        [data.map((p) => secondsOf(p.date)), data.map((p) => p.count), ...(yearBefore ? [yearBefore] : [])] as uPlot.AlignedData,
        container,
      );
      container.append(tooltip);
      container.dataset.points = String(chart.data[0].length);
      stopFollowing = followWidth(container, chart, height);
    },
  };
}

export interface Bar {
  label: string;
  value: number;
}

/** A sorted horizontal bar chart (largest on top): uPlot's bars path on a category scale. */
export function createBarChart(container: HTMLElement) {
  let chart: uPlot | undefined;
  let stopFollowing = () => {};
  return {
    render(bars: Bar[]) {
      chart?.destroy();
      stopFollowing();
      const height = Math.max(120, 28 * bars.length + 40);
      // Region names on the left get at most 40 % of the width; longer ones are cut with an ellipsis.
      const { labels, width: labelWidth } = fitLabels(bars.map((b) => b.label), Math.min(180, widthOf(container) * 0.4));
      chart = new uPlot(
        {
          width: widthOf(container),
          height,
          scales: { x: { time: false, ori: 1, dir: -1, range: [-0.5, bars.length - 0.5] }, y: { ori: 0, dir: 1, range: (_u, _min, max) => [0, max * 1.05 || 1] } },
          series: [
            {},
            { label: t('count'), fill: 'rgba(43,108,176,0.75)', stroke: BLUE, width: 0, paths: uPlot.paths.bars!({ size: [0.7, 28] }), points: { show: false } },
          ],
          axes: [
            { side: 3, size: labelWidth + 12, gap: 4, font: AXIS_FONT, grid: { show: false }, ticks: { show: false }, splits: () => bars.map((_, i) => i), values: (_u, splits) => splits.map((i) => labels[i] ?? '') },
            { side: 0, size: 30, space: 60, font: AXIS_FONT, values: (_u, splits) => splits.map((v) => compactNumber(v)) },
          ],
          legend: { show: false },
          cursor: { show: false },
        },
        [bars.map((_, i) => i), bars.map((b) => b.value)],
        container,
      );
      container.dataset.points = String(chart.data[0].length);
      stopFollowing = followWidth(container, chart, height);
    },
  };
}

/** A short axis label in the page's language: 1.5M, 1,5 млн. */
function compactNumber(value: number): string {
  return new Intl.NumberFormat(lang() === 'ru' ? 'ru-RU' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
