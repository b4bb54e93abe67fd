import { z } from 'zod';
import type { CleanResult, CorePhraseInput } from '../domain/core/clean.js';
import { invalidField } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField } from '../domain/requests/parse.js';
import type { ServiceContext } from '../services/context.js';
import { collectedAt, type FileFacts } from '../services/files/about-sheet.js';
import { streamCoreWorkbook, type WorkbookFigures } from '../services/files/core-workbook.js';
import { WorkbookFile, XLSX_CONTENT_TYPE } from '../services/files/workbook-file.js';
import { checkCoreRequest, cleanPhrases, coreCleanRequestSchema, coreLimits, corePhraseText } from './core-clean.js';
import { defineOperation, type OperationLimits } from './operation.js';
import { coreCleanResponseSchema } from './schemas/core-clean.js';
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

function checkRequest(input: CoreWorkbookRequest, catalog: RegionCatalog): void {
  checkCoreRequest(input, catalog);
  checkClean(input);
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
  checkRequest(input, ctx.catalog);
  const figures = input.phrases.map(figuresOf);
  // The client's volumes decide the heads of duplicate groups, and a sent "!exact" 0 tags zero_exact.
  const phrases: CorePhraseInput[] = input.phrases.map((item, i) => ({ phrase: phraseOf(item), volume: figures[i]!.volume ?? null, exact: figures[i]!.exact ?? null }));
  const clean: CleanResult = input.clean ? (input.clean as CleanResult) : await cleanPhrases(phrases, input.region, ctx);
  const [year, month] = (input.first_month ?? '').split('-').map(Number);
  return workbookFileOf(clean, figures, factsOf(input, figures, ctx), input.first_month ? { year: year!, month: month! } : undefined);
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

function workbookFileOf(clean: CleanResult, figures: WorkbookFigures[], facts: FileFacts, firstMonth?: { year: number; month: number }): WorkbookFile {
  const dropped = clean.phrases.filter((p) => p.verdict === 'drop').length;
  const negatives = clean.negative_keywords.entries.length + clean.negative_keywords.rejected.length;
  const summary = {
    file_name: facts.lang === 'ru' ? 'semanticheskoe-yadro.xlsx' : 'semantic-core.xlsx',
    content_type: XLSX_CONTENT_TYPE,
    lang: facts.lang,
    rows: { core: clean.phrases.length, negative_keywords: negatives, dropped },
    counts: clean.counts,
    addressable_volume: clean.addressable_volume,
  };
  return new WorkbookFile(summary, () => streamCoreWorkbook({ clean, figures, facts, firstMonth, version: SERVICE_VERSION }));
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
    clean: "Optional: core_clean's answer for these same phrases, in order (then the workbook shows it as it is, the specialist's edited verdicts included); without it core_clean runs first.",
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
        counts: { keep: 1, review: 1, drop: 2, duplicates: 1 },
        addressable_volume: 5200,
      },
    },
  },
  mcp: {
    tool: 'core_workbook',
    title: 'Semantic-core workbook (XLSX)',
    description:
      'Writes the XLSX workbook a specialist sends a client from a list of phrases (1 to 10,000): sheet "Ядро - Core" (phrase, duplicate group, verdict, noise, broad/"phrase"/"!exact"/[order] volumes, months, seasonality, region), "Минус-слова - Negative keywords" (with what each removes), "Отброшено - Dropped" (with why), "О данных - About". Pass the volumes and months you have (from keyword_search_volume); pass core_clean\'s answer as `clean` to keep your edits, else it cleans first. Free and local: no Wordstat call. Answers a resource link to the file (read it with resources/read).',
    effects: READS_LOCAL,
    summarize: ({ summary: s, link }) =>
      `Workbook ${s.file_name}: ${s.rows.core} phrases (keep ${s.counts.keep}, review ${s.counts.review}, drop ${s.counts.drop}), ${s.rows.negative_keywords} negative keywords, ${s.rows.dropped} dropped.` +
      (link ? ` The file: ${link.uri} (${link.size} bytes, read it with resources/read).` : ''),
  },
});
