import { api, showMeta, type ApiAnswer, downloadCsv } from './api.js';
import { createBarChart, createDynamicsChart, type DynamicsPoint } from './charts.js';
import { byId, renderTable } from './dom.js';
import { formatDate, formatNumber, monthName, t, trendClassText, trendText } from './i18n.js';
import { addDaysIso, last30Days, shiftMonthIso, withYearBefore, yearBeforeWindow } from './periods.js';
// The service's own rule (first period against the last), applied to the months on the chart and named as such.
import { computeTrend } from '../../src/domain/trend.js';
import { createRegionPicker, regionLabel } from './region-picker.js';

interface PhraseCount {
  phrase: string;
  count: number;
}
interface TopAnswer {
  totalCount: number;
  results: PhraseCount[];
  associations: PhraseCount[];
}
interface DynamicsAnswer {
  results: DynamicsPoint[];
  trend: string;
  seasonality: { months: number; yoyChangePercent: number | null; peakMonth: number | null; seasonalityIndex: number | null; trendClass: string } | null;
}
interface RegionRow {
  regionId: number;
  regionName: string;
  regionNameEn: string;
  regionType: string;
  count: number;
  share: number;
  affinityIndex: number;
}

type Request = { path: string; body: Record<string, unknown> };

/** `Mar 2025 – Feb 2026, months` (weeks end on their Sunday). */
function windowLabel(points: readonly DynamicsPoint[], period: string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  const monthly = period === 'monthly';
  const end = period === 'weekly' ? addDaysIso(last.date, 6) : last.date;
  return t('periodWindow', {
    from: formatDate(first.date, monthly ? 'month' : 'day'),
    to: formatDate(end, monthly ? 'month' : 'day'),
    unit: t(period as 'monthly'),
  });
}

/** How the first-against-last figure is named for a period: it is not a trend, and the page says what it is. */
const LAST_TO_FIRST = { monthly: 'lastToFirstMonth', weekly: 'lastToFirstWeek', daily: 'lastToFirstDay' } as const;

/**
 * The dynamics card's figures, most telling first: for a monthly answer of 12+ months the series' trend class
 * over the answer's window (and, with 24 months, year over year), each naming its window; then the peak; and last
 * the shown window's last period against its first, named as such (a seasonal phrase's December against its
 * March says nothing of a trend).
 */
function trendFigures(points: readonly DynamicsPoint[], shown: readonly DynamicsPoint[], period: string, s: DynamicsAnswer['seasonality']) {
  const first = shown[0];
  const last = shown.at(-1);
  const monthly = period === 'monthly';
  const dateOf = (p: DynamicsPoint) => formatDate(p.date, monthly ? 'month' : 'day');
  const lastToFirst =
    first && last
      ? t('lastToFirst', {
          what: t(LAST_TO_FIRST[period as keyof typeof LAST_TO_FIRST] ?? 'lastToFirstMonth'),
          last: dateOf(last),
          first: dateOf(first),
          change: trendText(computeTrend(shown.map((p) => p.count))),
        })
      : '';
  const whole = { from: points[0], to: points.at(-1) };
  if (!monthly || !s || !whole.from || !whole.to) return { lead: lastToFirst, leadClass: computeTrend(shown.map((p) => p.count)), rest: [] as string[] };
  const lead = [t('trendLead', { n: s.months, from: dateOf(whole.from), to: dateOf(whole.to), trendClass: trendClassText(s.trendClass) })];
  if (s.yoyChangePercent !== null) lead.push(t('yoySummary', { yoy: `${s.yoyChangePercent > 0 ? '+' : ''}${formatNumber(s.yoyChangePercent, 1)}` }));
  const rest = s.peakMonth === null ? [] : [t('seasonalitySummary', { peak: monthName(s.peakMonth), index: formatNumber(s.seasonalityIndex ?? 1, 2) })];
  return { lead: lead.join(' · '), leadClass: s.trendClass, rest: [...rest, lastToFirst] };
}

/** The colour of the lead figure: green for growth, red for a fall, none for stable or seasonal. */
function leadColour(leadClass: string): string {
  if (leadClass === 'growing' || leadClass.startsWith('up')) return 'up';
  if (leadClass === 'falling' || leadClass.startsWith('down')) return 'down';
  return '';
}

/** The phrase view: the form, then dynamics (line), regions (bars and table) and the top tables. */
export function createPhraseView(showError: (where: HTMLElement, error: unknown) => void) {
  const form = byId<HTMLFormElement>('phrase-form');
  const status = byId('phrase-status');
  const results = byId('phrase-results');
  const picker = createRegionPicker((error) => showError(status, error));
  const dynamicsChart = createDynamicsChart(byId('dyn-chart'));
  const regionChart = createBarChart(byId('reg-chart'));
  const requests: Partial<Record<'dynamics' | 'regions' | 'top', Request>> = {};
  let dynamics: DynamicsAnswer | undefined;
  /** The window the reader chose (monthly answers reach a year further back, for the year-before line). */
  let shownFrom: string | undefined;
  let shownPeriod = 'monthly';
  let regions: RegionRow[] = [];
  let top: TopAnswer | undefined;

  const level = () => form.ownerDocument.querySelector<HTMLInputElement>('input[name="level"]:checked')?.value ?? 'all';
  const devices = () => [...form.querySelectorAll<HTMLInputElement>('input[name="device"]:checked')].map((c) => c.value);

  const renderDynamics = () => {
    if (!dynamics) return;
    // Monthly: the chosen window, each month beside the same month a year before (the answer holds both years),
    // and the trend of the chosen window (the answer's own spans both years).
    const { shown, yearBefore } = shownPeriod === 'monthly' ? withYearBefore(dynamics.results, shownFrom) : { shown: [...dynamics.results], yearBefore: undefined };
    const figures = trendFigures(dynamics.results, shown, shownPeriod, dynamics.seasonality);
    byId('trend').textContent = figures.lead;
    byId('trend').className = `trend ${leadColour(figures.leadClass)}`;
    const chart = byId('dyn-chart');
    chart.setAttribute('aria-label', t('chartDynamics', { n: shown.length, trend: figures.lead }));
    dynamicsChart.render(shown, yearBefore);
    byId('dyn-legend').hidden = !yearBefore;
    byId('dyn-period').textContent = windowLabel(shown, shownPeriod);
    byId('dyn-seasonality').textContent = figures.rest.join(' · ');
    renderTable(byId<HTMLTableElement>('dyn-table'), t('dynamics'), [
      { header: t('date'), cell: (p: DynamicsPoint) => p.date },
      { header: t('count'), cell: (p) => formatNumber(p.count), numeric: true },
      ...(yearBefore ? [{ header: t('yearBefore'), cell: (p: DynamicsPoint) => yearBeforeCell(p), numeric: true }] : []),
      { header: t('share'), cell: (p) => `${formatNumber(p.share * 100, 5)} %`, numeric: true },
    ], shown, t('empty'));
  };

  const yearBeforeCell = (p: DynamicsPoint) => {
    const before = dynamics?.results.find((q) => q.date === shiftMonthIso(p.date, -12));
    return before ? formatNumber(before.count) : '—';
  };

  /** Which period the last-30-days cards cover, told in each card. */
  const renderLast30Labels = () => {
    const { from, to } = last30Days(new Date());
    const text = t('periodLast30', { from: formatDate(from), to: formatDate(to) });
    for (const id of ['reg-period', 'top-period', 'assoc-period']) byId(id).textContent = text;
  };

  const renderRegions = () => {
    const top15 = regions.slice(0, 15);
    byId('reg-chart').setAttribute('aria-label', t('chartRegions', { n: top15.length }));
    regionChart.render(top15.map((r) => ({ label: regionLabel(r), value: r.count })));
    renderTable(byId<HTMLTableElement>('reg-table'), t('regionsView'), [
      { header: t('name'), cell: (r: RegionRow) => regionLabel(r) },
      { header: t('type'), cell: (r) => t(r.regionType as 'city') },
      { header: t('count'), cell: (r) => formatNumber(r.count), numeric: true },
      { header: t('share'), cell: (r) => `${formatNumber(r.share * 100, 2)} %`, numeric: true },
      { header: t('affinity'), cell: (r) => formatNumber(r.affinityIndex, 1), numeric: true },
    ], regions, t('empty'));
  };

  const renderTop = () => {
    if (!top) return;
    const columns = [
      { header: t('query'), cell: (p: PhraseCount) => p.phrase },
      { header: t('count'), cell: (p: PhraseCount) => formatNumber(p.count), numeric: true },
    ];
    renderTable(byId<HTMLTableElement>('top-table'), t('topQueries'), columns, top.results, t('empty'));
    renderTable(byId<HTMLTableElement>('assoc-table'), t('associations'), columns, top.associations, t('empty'));
  };

  const run = async <T>(name: keyof typeof requests, request: Request, meta: string): Promise<ApiAnswer<T>> => {
    requests[name] = request;
    byId(meta).textContent = t('loading');
    const answer = await api<T>('POST', request.path, request.body);
    showMeta(byId(meta), answer);
    return answer;
  };

  const loadRegions = async (phrase: string) => {
    const body: Record<string, unknown> = { phrase, region: level() };
    if (devices().length > 0) body.devices = devices();
    regions = (await run<{ regions: RegionRow[] }>('regions', { path: '/v2/stats/regions', body }, 'reg-meta')).body.regions;
    renderRegions();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const phrase = byId<HTMLInputElement>('phrase').value.trim();
    if (!phrase) return;
    const filters: Record<string, unknown> = {};
    if (picker.ids().length > 0) filters.regions = picker.ids();
    if (devices().length > 0) filters.devices = devices();
    const period = byId<HTMLSelectElement>('period').value;
    const dynamicsBody: Record<string, unknown> = { phrase, period, ...filters };
    const from = byId<HTMLInputElement>('from-date').value;
    const to = byId<HTMLInputElement>('to-date').value;
    if (from) dynamicsBody.fromDate = from;
    if (to) dynamicsBody.toDate = to;
    shownPeriod = period;
    shownFrom = undefined;
    if (period === 'monthly') {
      // One call for both years: the window asked for, and the 12 months before it (the year-before line).
      const window = yearBeforeWindow(from || undefined, to || undefined, new Date());
      dynamicsBody.fromDate = window.fetchFrom;
      shownFrom = window.shownFrom;
    }
    renderLast30Labels();
    status.textContent = t('loading');
    status.classList.remove('error');
    results.hidden = false;
    const outcomes = await Promise.allSettled([
      run<DynamicsAnswer>('dynamics', { path: '/v2/stats/dynamics', body: dynamicsBody }, 'dyn-meta').then((a) => {
        dynamics = a.body;
        renderDynamics();
      }),
      loadRegions(phrase),
      run<TopAnswer>('top', { path: '/v2/stats/top', body: { phrase, numPhrases: 50, ...filters } }, 'top-meta').then((a) => {
        top = a.body;
        renderTop();
      }),
    ]);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) showError(status, failed.reason);
    else status.textContent = '';
  });

  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="level"]')) {
    radio.addEventListener('change', () => {
      const phrase = requests.regions?.body.phrase;
      if (typeof phrase === 'string') loadRegions(phrase).catch((error) => showError(status, error));
    });
  }

  const csvButton = (button: string, meta: string, name: keyof typeof requests) =>
    byId(button).addEventListener('click', async () => {
      const request = requests[name];
      if (!request) return;
      try {
        showMeta(byId(meta), await downloadCsv('POST', request.path, request.body));
      } catch (error) {
        showError(status, error);
      }
    });
  csvButton('dyn-csv', 'dyn-csv-meta', 'dynamics');
  csvButton('reg-csv', 'reg-csv-meta', 'regions');
  // One call answers both top tables; its CSV holds both, told apart by the `kind` column.
  csvButton('top-csv', 'top-csv-meta', 'top');
  csvButton('assoc-csv', 'assoc-csv-meta', 'top');

  return {
    relabel() {
      picker.relabel();
      renderDynamics();
      if (requests.regions) {
        renderRegions();
        renderLast30Labels();
      }
      renderTop();
    },
  };
}
