import { z } from 'zod';
import type { CleanResult, CorePhraseInput } from '../domain/core/clean.js';
import { invalidField } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField } from '../domain/requests/parse.js';
import type { ServiceContext } from '../services/context.js';
import { collectedAt, type FileFacts } from '../services/files/about-sheet.js';
import { MAX_CLUSTER_SHEETS, streamCoreWorkbook, type WorkbookClusters, type WorkbookFigures, type WorkbookIntent } from '../services/files/core-workbook.js';
import { canonicalPhrase } from '../domain/source-call.js';
import type { Verdict } from '../domain/core/clean.js';
import { WorkbookFile, XLSX_CONTENT_TYPE } from '../services/files/workbook-file.js';
import { checkCoreRequest, cleanPhrases, coreCleanRequestSchema, coreLimits, corePhraseText } from './core-clean.js';
import { defineOperation, type OperationLimits } from './operation.js';
import { coreCleanResponseSchema } from './schemas/core-clean.js';
import { coreClustersResponseSchema } from './schemas/core-clusters.js';
import { coreIntentResponseSchema } from './schemas/core-intent.js';
import { coreWorkbookSummarySchema } from './schemas/core-workbook.js';
import { READS_LOCAL } from './tool-effects.js';

/**
 * 10,000 phrases as core_clean takes them; with their volumes and up to 120 monthly counts each the body may reach
 * ~6 MB, so it may be up to 8 MiB (other routes: 1 MiB).
 */
const limits: OperationLimits = { ...coreLimits, bodyBytes: 8 * 1024 * 1024 };
const maxPhrases = limits.items!.live;
/** The service's version, said on the workbook's about sheet (package.json's). */
const SERVICE_VERSION = '0.1.0';

/** Most months a phrase may carry (ten years); the sheet shows the newest 24. */
const MAX_MONTHS = 120;

const count = (name: string) => z.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` }).nonnegative({ error: `${name} must not be negative` });


const phraseObject = z.object({
  phrase: corePhraseText,
  volume: count('volume').nullable().optional(),
  volumes: z
    .object({ phrase: count('volumes.phrase').nullable().optional(), exact: count('volumes.exact').nullable().optional(), order: count('volumes.order').nullable().optional() }, { error: 'volumes must be an object {phrase?, exact?, order?}' })
    .optional(),
  // Counts alone, oldest first (the request's first_month names the first): a month object each made a 10,000-phrase
  // body 12 MB, whose JSON parse and check held the event loop 0.3-0.5 s.
  months: z.array(count('each month'), { error: 'months must be an array of monthly counts, oldest first' }).max(MAX_MONTHS, { error: `months must hold at most ${MAX_MONTHS} months` }).optional(),
});

const LANGS = ['ru', 'en'] as const;

/** core_clusters' answer with the explorer's edit: a member moved by the specialist names the cluster it came from. */
const clustersShape = coreClustersResponseSchema.shape;
const clusterShape = clustersShape.clusters.element.shape;
const movedMember = clusterShape.members.element.extend({
  moved_from: z.string({ error: 'moved_from must be the id of the cluster the phrase was moved from' }).max(200, { error: 'moved_from must be a cluster id of at most 200 characters' }).optional(),
});
const workbookClustersSchema = coreClustersResponseSchema.extend({
  clusters: z.array(clustersShape.clusters.element.extend({ members: z.array(movedMember) })),
  unclustered: z.array(movedMember),
});
type ClustersSent = z.output<typeof workbookClustersSchema>;

export const coreWorkbookRequestSchema = z.object({
  phrases: z
    .array(z.union([corePhraseText, phraseObject], { error: 'each phrase must be a string or an object {phrase, volume?, volumes?, months?}' }), {
      error: (issue) => (issue.input === undefined ? 'phrases is required' : 'phrases must be an array'),
    })
    .min(1, { error: `phrases must hold 1 to ${maxPhrases} phrases, got none` })
    .max(maxPhrases, { error: (issue) => `phrases must hold 1 to ${maxPhrases} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').optional(),
  lang: z.enum(LANGS, { error: 'lang must be ru or en' }).optional(),
  first_month: z.string({ error: 'first_month must be a month as YYYY-MM' }).regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { error: 'first_month must be a month as YYYY-MM' }).optional(),
  clean: coreCleanResponseSchema.optional(),
  clusters: workbookClustersSchema.optional(),
  intent: coreIntentResponseSchema.optional(),
  sheet_per_cluster: z.boolean({ error: 'sheet_per_cluster must be a boolean' }).optional(),
});
type CoreWorkbookRequest = z.output<typeof coreWorkbookRequestSchema>;

type PhraseItem = CoreWorkbookRequest['phrases'][number];
const figuresOf = (item: PhraseItem): WorkbookFigures =>
  typeof item === 'string' ? {} : { volume: item.volume, phrase: item.volumes?.phrase, exact: item.volumes?.exact, order: item.volumes?.order, months: item.months };
const phraseOf = (item: PhraseItem) => (typeof item === 'string' ? item : item.phrase);

/** A clean sent with the request must be of these phrases, in this order: its rows are written beside their figures. */
function checkClean(input: CoreWorkbookRequest): void {
  const clean = input.clean;
  if (!clean) return;
  if (clean.phrases.length !== input.phrases.length) {
    throw invalidField('clean', `clean must be core_clean's answer for these phrases: it has ${clean.phrases.length} phrases, the request ${input.phrases.length}`);
  }
  const at = clean.phrases.findIndex((p, i) => p.phrase !== phraseOf(input.phrases[i]!));
  if (at >= 0) throw invalidField('clean', `clean must be core_clean's answer for these phrases, in order: clean.phrases[${at}] is "${clean.phrases[at]!.phrase.slice(0, 60)}", phrases[${at}] is "${phraseOf(input.phrases[at]!).slice(0, 60)}"`);
}

/** Row indexes of each phrase as the service compares phrases (canonical): what core_clusters and core_intent answer once. */
function rowsByPhrase(input: CoreWorkbookRequest): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  input.phrases.forEach((item, i) => {
    const key = canonicalPhrase(phraseOf(item));
    const list = rows.get(key);
    if (list) list.push(i);
    else rows.set(key, [i]);
  });
  return rows;
}

const quote = (text: string) => `"${text.slice(0, 60)}"`;

/**
 * The clusters sent, as rows of the sheet: each cluster's rows (its marker's first), then the unclustered (every
 * phrase of the request in no cluster). A phrase in two places, or a member that is none of the request's phrases,
 * is refused naming the member.
 */
function clustersOf(clusters: ClustersSent, byPhrase: Map<string, number[]>): WorkbookClusters {
  const placed = new Map<string, string>();
  const ids = new Map<string, string>();
  clusters.clusters.forEach((cluster, c) => {
    const field = `clusters.clusters[${c}].id`;
    if (ids.has(cluster.id)) throw invalidField(field, `${field}: cluster id ${quote(cluster.id)} is also ${ids.get(cluster.id)}`);
    ids.set(cluster.id, field);
  });
  const markerOf = new Map(clusters.clusters.map((cluster) => [cluster.id, cluster.marker]));
  const place = (member: { phrase: string; moved_from?: string | undefined }, field: string) => {
    const key = canonicalPhrase(member.phrase);
    const rows = byPhrase.get(key);
    if (!rows) throw invalidField(`${field}.phrase`, `${field}.phrase: ${quote(member.phrase)} is not among the request's phrases (clusters must be core_clusters' answer for these phrases)`);
    const before = placed.get(key);
    if (before !== undefined) throw invalidField(`${field}.phrase`, `${field}.phrase: ${quote(member.phrase)} is already at ${before}: a phrase belongs to one cluster`);
    placed.set(key, `${field}.phrase`);
    const movedFrom = member.moved_from === undefined ? undefined : { id: member.moved_from, marker: markerOf.get(member.moved_from) };
    return rows.map((index) => ({ index, ...(movedFrom ? { movedFrom } : {}) }));
  };
  const groups = clusters.clusters.map((cluster, c) => {
    const members = cluster.members.map((member, m) => ({ member, rows: place(member, `clusters.clusters[${c}].members[${m}]`) }));
    const marker = canonicalPhrase(cluster.marker);
    // The marker's row first (when the specialist moved the marker away, the cluster keeps its name and lists the rest).
    const ordered = [...members.filter((m) => canonicalPhrase(m.member.phrase) === marker), ...members.filter((m) => canonicalPhrase(m.member.phrase) !== marker)];
    return { id: cluster.id, marker: cluster.marker, rows: ordered.flatMap((m) => m.rows), markerRows: ordered.filter((m) => canonicalPhrase(m.member.phrase) === marker).flatMap((m) => m.rows.map((r) => r.index)) };
  });
  const unclustered = clusters.unclustered.flatMap((member, u) => place(member, `clusters.unclustered[${u}]`));
  // A phrase of the request in no cluster and not listed as unclustered is unclustered too.
  for (const [key, rows] of byPhrase) if (!placed.has(key)) unclustered.push(...rows.map((index) => ({ index })));
  return { clusters: groups, unclustered };
}

/** core_intent's answer as rows of the sheet: every phrase of the request must have its one answer. */
function intentOf(input: CoreWorkbookRequest, byPhrase: Map<string, number[]>): WorkbookIntent[] {
  const intent = input.intent!;
  if (input.region !== undefined) {
    const at = intent.phrases.findIndex((p) => p.geo.region !== input.region);
    if (at >= 0) throw invalidField(`intent.phrases[${at}].geo.region`, `intent.phrases[${at}].geo.region: the intent was found for region ${intent.phrases[at]!.geo.region}, the workbook is for region ${input.region}`);
  }
  const rows: (WorkbookIntent | undefined)[] = input.phrases.map(() => undefined);
  const seen = new Map<string, number>();
  intent.phrases.forEach((p, i) => {
    const field = `intent.phrases[${i}].phrase`;
    const key = canonicalPhrase(p.phrase);
    const at = byPhrase.get(key);
    if (!at) throw invalidField(field, `${field}: ${quote(p.phrase)} is not among the request's phrases (intent must be core_intent's answer for these phrases)`);
    if (seen.has(key)) throw invalidField(field, `${field}: ${quote(p.phrase)} is answered twice (also intent.phrases[${seen.get(key)}])`);
    seen.set(key, i);
    const row: WorkbookIntent = { commerciality: p.commerciality, class: p.class, geoDependent: p.geo.dependent, overlap: p.geo.overlap, compareRegion: p.geo.compare_region, kei: p.kei };
    for (const index of at) rows[index] = row;
  });
  const missing = rows.findIndex((row) => row === undefined);
  if (missing >= 0) throw invalidField('intent', `intent must be core_intent's answer for these phrases: it has none for phrases[${missing}] ${quote(phraseOf(input.phrases[missing]!))}`);
  return rows as WorkbookIntent[];
}

function checkSheets(input: CoreWorkbookRequest): void {
  if (input.sheet_per_cluster && !input.clusters) throw invalidField('sheet_per_cluster', 'sheet_per_cluster needs clusters (core_clusters\' answer for these phrases)');
}

/** What the request sends beside the phrases, checked and laid out by row (every check before any work). */
function extrasOf(input: CoreWorkbookRequest): { clusters?: WorkbookClusters; intent?: WorkbookIntent[] } {
  if (!input.clusters && !input.intent) return {};
  const byPhrase = rowsByPhrase(input);
  return { ...(input.clusters ? { clusters: clustersOf(input.clusters, byPhrase) } : {}), ...(input.intent ? { intent: intentOf(input, byPhrase) } : {}) };
}

function checkRequest(input: CoreWorkbookRequest, catalog: RegionCatalog): void {
  checkCoreRequest(input, catalog);
  checkClean(input);
  checkSheets(input);
  extrasOf(input);
  if (input.first_month === undefined && input.phrases.some((item) => typeof item !== 'string' && item.months !== undefined)) {
    throw invalidField('first_month', 'first_month (YYYY-MM, the month of each phrase\'s months[0]) is required when phrases carry months');
  }
}

const SOURCES = new Set<FileFacts['source']>(['demo', 'wordstat', 'none']);

function factsOf(input: CoreWorkbookRequest, figures: readonly WorkbookFigures[], ctx: Pick<ServiceContext, 'catalog' | 'sourceKind' | 'clock' | 'timeZone'>): FileFacts {
  const lang = input.lang ?? 'en';
  const region = input.region === undefined ? undefined : ctx.catalog.get(input.region);
  return {
    lang,
    source: SOURCES.has(ctx.sourceKind as FileFacts['source']) ? (ctx.sourceKind as FileFacts['source']) : 'none',
    operation: 'core_workbook',
    region: region ? (lang === 'ru' ? region.name : region.nameEn) : lang === 'ru' ? 'все регионы' : 'all regions',
    collectedAt: collectedAt(ctx.clock?.now() ?? Date.now(), ctx.timeZone ?? 'UTC'),
    matchTypes: (['phrase', 'exact', 'order'] as const).filter((type) => figures.some((f) => typeof f[type] === 'number')),
    hasCpc: false,
    notes: [],
  };
}

async function workbook(input: CoreWorkbookRequest, ctx: ServiceContext): Promise<WorkbookFile> {
  checkCoreRequest(input, ctx.catalog);
  checkClean(input);
  checkSheets(input);
  const extras = extrasOf(input);
  const figures = input.phrases.map(figuresOf);
  // The client's volumes decide the heads of duplicate groups, and a sent "!exact" 0 tags zero_exact.
  const phrases: CorePhraseInput[] = input.phrases.map((item, i) => ({ phrase: phraseOf(item), volume: figures[i]!.volume ?? null, exact: figures[i]!.exact ?? null }));
  // A clean sent is shown as sent (the specialist's verdicts), beside the service's own verdicts for the same
  // phrases, region and volumes: where they differ the verdict is the specialist's edit, said so on the sheet.
  // No client flag is trusted for it.
  const own = await cleanPhrases(phrases, input.region, ctx);
  const clean: CleanResult = input.clean ? (input.clean as CleanResult) : own;
  const original = input.clean ? clean.phrases.map((p, i) => (p.verdict === own.phrases[i]!.verdict ? null : own.phrases[i]!.verdict)) : undefined;
  const [year, month] = (input.first_month ?? '').split('-').map(Number);
  return workbookFileOf(clean, figures, factsOf(input, figures, ctx), {
    ...(input.first_month ? { firstMonth: { year: year!, month: month! } } : {}),
    ...(original ? { original } : {}),
    ...extras,
    sheetPerCluster: input.sheet_per_cluster === true,
  });
}

/** What the workbook shows besides the clean and the figures: edits, clusters, intent, sheets per cluster. */
interface WorkbookOptions {
  firstMonth?: { year: number; month: number };
  /** Per phrase: the service's own verdict where the clean sent differs (the specialist's edit), else null. */
  original?: (Verdict | null)[];
  clusters?: WorkbookClusters;
  intent?: WorkbookIntent[];
  sheetPerCluster?: boolean;
}

/**
 * The workbook of a finished core_clean task (its result's `?format=xlsx`): the stored clean, with the volumes the
 * task was posted with (core_clean takes {phrase, volume}) and its region. `lang` as the face read it.
 */
export function coreCleanTaskWorkbook(request: unknown, clean: CleanResult, lang: 'ru' | 'en', ctx: Pick<ServiceContext, 'catalog' | 'sourceKind' | 'clock' | 'timeZone'>): WorkbookFile {
  const posted = coreCleanRequestSchema.safeParse(request);
  const region = posted.success ? posted.data.region : undefined;
  const figures: WorkbookFigures[] = clean.phrases.map((p) => ({ volume: p.volume, exact: p.exact }));
  const input: CoreWorkbookRequest = { phrases: clean.phrases.map((p) => p.phrase), lang, ...(region === undefined ? {} : { region }) };
  return workbookFileOf(clean, figures, factsOf(input, figures, ctx));
}

function workbookFileOf(clean: CleanResult, figures: WorkbookFigures[], facts: FileFacts, options: WorkbookOptions = {}): WorkbookFile {
  const dropped = clean.phrases.filter((p) => p.verdict === 'drop').length;
  const negatives = clean.negative_keywords.entries.length + clean.negative_keywords.rejected.length;
  const { clusters } = options;
  const edited = options.original?.filter((v) => v !== null).length ?? 0;
  const moved = clusters ? [...clusters.clusters.flatMap((c) => c.rows), ...clusters.unclustered].filter((r) => r.movedFrom).length : 0;
  const sheets = clusters && options.sheetPerCluster ? Math.min(clusters.clusters.length, MAX_CLUSTER_SHEETS) : 0;
  const summary = {
    file_name: facts.lang === 'ru' ? 'semanticheskoe-yadro.xlsx' : 'semantic-core.xlsx',
    content_type: XLSX_CONTENT_TYPE,
    lang: facts.lang,
    rows: {
      core: clean.phrases.length,
      negative_keywords: negatives,
      dropped,
      ...(clusters ? { clusters: clusters.clusters.length, unclustered: clusters.unclustered.length } : {}),
      ...(options.sheetPerCluster ? { cluster_sheets: sheets } : {}),
    },
    counts: { ...clean.counts, edited, moved },
    addressable_volume: clean.addressable_volume,
  };
  return new WorkbookFile(summary, () =>
    streamCoreWorkbook({
      clean,
      figures,
      facts,
      firstMonth: options.firstMonth,
      version: SERVICE_VERSION,
      original: options.original,
      clusters,
      intent: options.intent,
      sheetPerCluster: options.sheetPerCluster === true,
    }),
  );
}

const requestExample = {
  phrases: [
    { phrase: 'купить детский велосипед', volume: 5200, volumes: { phrase: 900, exact: 310, order: 880 }, months: [4100, 3900, 4800, 6100, 7300, 6900, 6200, 5400, 4700, 3600, 3300, 3900] },
    { phrase: 'детские велосипеды купить', volume: 800 },
    'детский велосипед своими руками',
    'велосипед бесплатно',
  ],
  region: 213,
  lang: 'ru',
  first_month: '2025-01',
};

/** The semantic-core workbook: free, a file made from what the client sends (it never asks the source). */
export const coreWorkbookOperation = defineOperation({
  name: 'core_workbook',
  title: 'Semantic-core workbook',
  description: 'Writes an XLSX workbook of a semantic core: core, negative keywords, dropped phrases, about the data; free, no upstream call',
  fields: {
    phrases: `1 to ${maxPhrases.toLocaleString('en-US')} phrases: strings, or objects {phrase, volume?, volumes?: {phrase?, exact?, order?}, months?: [broad monthly counts, oldest first]} with the figures to show (from search_volume). The service measures nothing for the workbook.`,
    first_month: 'The month (YYYY-MM) of each phrase\'s months[0]; required when phrases carry months. The sheet shows the newest 24.',
    region: 'Optional region code of the catalogue: named on every sheet; places outside it are noise. Unknown codes are refused.',
    lang: 'Headers and words of the workbook: ru or en (default en).',
    clean: "Optional: core_clean's answer for these same phrases, in order, the specialist's edited verdicts included: shown as sent; the service cleans the same phrases too and marks each verdict that differs (yellow, a note, column Original verdict; counts.edited). Without it core_clean runs first.",
    clusters: "Optional: core_clusters' answer for these phrases; a member may carry moved_from (the id of the cluster the specialist moved it from). The group column becomes the cluster (marker first, members indented, moved rows marked); a phrase in no cluster is unclustered.",
    intent: "Optional: core_intent's answer for these phrases (of the workbook's region): columns commerciality, class, geo-dependence and KEI.",
    sheet_per_cluster: `Optional, with clusters: one sheet per cluster (at most ${MAX_CLUSTER_SHEETS}; past that the smallest share one sheet) and one of the unclustered.`,
  },
  input: coreWorkbookRequestSchema,
  output: coreWorkbookSummarySchema,
  limits,
  price: 'free',
  plan: (input, ctx) => {
    checkRequest(input, ctx.catalog);
    return [];
  },
  run: (input, ctx) => workbook(input, ctx),
  rest: {
    path: '/v2/core/workbook',
    family: 'v2',
    summary: 'A semantic core as an XLSX workbook (core, negative keywords, dropped, about); free, no upstream call',
    docs: {
      response: coreWorkbookSummarySchema,
      requestExample,
      file: XLSX_CONTENT_TYPE,
      responseExample: {
        file_name: 'semanticheskoe-yadro.xlsx',
        content_type: XLSX_CONTENT_TYPE,
        lang: 'ru',
        rows: { core: 4, negative_keywords: 2, dropped: 3 },
        counts: { keep: 1, review: 1, drop: 2, duplicates: 1, edited: 0, moved: 0 },
        addressable_volume: 5200,
      },
    },
  },
  mcp: {
    tool: 'core_workbook',
    title: 'Semantic-core workbook (XLSX)',
    description:
      'Writes the XLSX workbook a specialist sends a client from a list of phrases (1 to 10,000): sheet "Ядро - Core" (phrase, duplicate group, verdict, noise, broad/"phrase"/"!exact"/[order] volumes, months, seasonality, region), "Минус-слова - Negative keywords" (with what each removes), "Отброшено - Dropped" (with why), "О данных - About". Pass the volumes and months you have (from keyword_search_volume); pass core_clean\'s answer as `clean` to keep your edits (edited verdicts are marked against the service\'s own clean), else it cleans first; `clusters` (core_clusters\' answer, members may carry moved_from) groups the core by cluster, `sheet_per_cluster` adds a sheet per cluster, `intent` (core_intent\'s answer) adds commerciality, class, geo-dependence and KEI. Free and local: no Wordstat call. Answers a resource link to the file (read it with resources/read).',
    effects: READS_LOCAL,
    summarize: ({ summary: s, link }) =>
      `Workbook ${s.file_name}: ${s.rows.core} phrases (keep ${s.counts.keep}, review ${s.counts.review}, drop ${s.counts.drop}), ${s.rows.negative_keywords} negative keywords, ${s.rows.dropped} dropped.` +
      (link ? ` The file: ${link.uri} (${link.size} bytes, read it with resources/read).` : ''),
  },
  // GraphQL: the summary and the file in base64 (content_base64) within the GraphQL face's bounds.
  graphql: { field: 'coreWorkbook' },
});
