import { invalidField } from '../domain/errors.js';
import type { KeywordForm, KeywordFormName } from '../domain/keyword-form.js';
import { deriveMatchTypeSeries } from '../domain/match-types.js';
import { characterCount, MAX_PHRASE_LENGTH } from '../domain/requests/fields.js';
import { seasonalityOf } from '../domain/seasonality.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from './context.js';
import type { HistoryMonths } from './keyword-history.js';
import { bareTopQuery, type MonthlyVolume, meanOfNewest } from './match-type-volumes.js';
import { measureMonthlyVolume, type MonthlyFigures, monthlyVolumeQuery } from './monthly-volume.js';
import { getTop, toTopQuery } from './top.js';

/**
 * How a keyword written with operators was measured (issue 24, item 4): Wordstat counts its form over the last 30
 * days (GetTop), and its months are its base phrase's (monthly dynamics take only `+`) × the form's share of the
 * base phrase over the same 30 days, as for match types (item 2).
 */
export interface FormMeasure {
  /** The phrase GetTop counted: the form's canonical spelling, or the keyword as written (`operators`). */
  measuredAs: string;
  /** GetTop's totalCount for it: the last 30 days. */
  last30Days: number;
  /** The broad phrase the months come from; null when there is none (`a | b`): no months then. */
  baseKeyword: string | null;
  /** GetTop's totalCount for the base phrase, over the same 30 days; null without a base. */
  baseLast30Days: number | null;
  /** last30Days ÷ baseLast30Days capped at 1; null without a base. */
  ratio: number | null;
  /** `derived` (base months × ratio), or `none` (no base: no months, search volume is the 30-day count). */
  monthlySource: 'derived' | 'none';
}

/** A keyword's own figures, whatever its form: broad's come from its monthly dynamics, the others' are derived. */
export interface KeywordFigures extends MonthlyFigures {
  form: KeywordFormName;
  /** How a non-broad keyword was measured; null for broad. */
  measure: FormMeasure | null;
}

/** The GetTop of a form, one row (only totalCount is read); a form too long for the source is a 400 naming `field`. */
function formTopQuery(ctx: ServiceContext, form: KeywordForm, regions: readonly number[], field: string) {
  if (characterCount(form.measured) > MAX_PHRASE_LENGTH) {
    throw invalidField(field, `${field} is longer than ${MAX_PHRASE_LENGTH} characters as ${form.form} match (${form.measured.slice(0, 20)}…)`);
  }
  return toTopQuery(ctx, { phrase: form.measured, numPhrases: 1, regions });
}

/**
 * The source calls of a keyword's own figures: broad, its monthly dynamics; any other form, its GetTop, then (with
 * a base phrase) the base's monthly dynamics and the base's GetTop over the same 30 days.
 */
export function keywordFigureCalls(
  ctx: ServiceContext,
  form: KeywordForm,
  regions: readonly number[],
  historyMonths: HistoryMonths,
  field: string,
): SourceCall[] {
  if (form.form === 'broad') return [{ method: 'dynamics', query: monthlyVolumeQuery(ctx, form.measured, regions, historyMonths) }];
  const calls: SourceCall[] = [{ method: 'top', query: formTopQuery(ctx, form, regions, field) }];
  if (form.base !== undefined) {
    calls.push(
      { method: 'dynamics', query: monthlyVolumeQuery(ctx, form.base, regions, historyMonths) },
      { method: 'top', query: bareTopQuery(ctx, form.base, regions) },
    );
  }
  return calls;
}

/**
 * A keyword's own figures. A non-broad form is counted first, so a keyword the source refuses costs one call;
 * then its base phrase's months and 30-day count give the derived series (deriveMatchTypeSeries).
 */
export async function measureKeywordFigures(
  ctx: ServiceContext,
  form: KeywordForm,
  regions: readonly number[],
  historyMonths: HistoryMonths,
): Promise<KeywordFigures> {
  if (form.form === 'broad') return { ...(await measureMonthlyVolume(ctx, form.measured, regions, historyMonths)), form: 'broad', measure: null };
  const top = await getTop(ctx, { phrase: form.measured, numPhrases: 1, regions });
  if (form.base === undefined) {
    return {
      form: form.form,
      searchVolume: top.totalCount,
      monthlySearches: [],
      seasonality: null,
      measure: { measuredAs: form.measured, last30Days: top.totalCount, baseKeyword: null, baseLast30Days: null, ratio: null, monthlySource: 'none' },
    };
  }
  const [base, bare] = await Promise.all([
    measureMonthlyVolume(ctx, form.base, regions, historyMonths),
    getTop(ctx, { phrase: form.base, numPhrases: 1, regions }),
  ]);
  const oldestFirst = base.monthlySearches.map((m) => m.searchVolume).reverse();
  const derived = deriveMatchTypeSeries(oldestFirst, top.totalCount, bare.totalCount);
  const last = derived.monthly.length - 1;
  const monthlySearches: MonthlyVolume[] = base.monthlySearches.map((m, i) => ({ year: m.year, month: m.month, searchVolume: derived.monthly[last - i]! }));
  const oldest = base.monthlySearches.at(-1);
  return {
    form: form.form,
    searchVolume: meanOfNewest(monthlySearches, 12),
    monthlySearches,
    // The derived months' own seasonality: the base's shape, and no peak when the form has no demand.
    seasonality: oldest ? seasonalityOf(derived.monthly, oldest.month) : null,
    measure: {
      measuredAs: form.measured,
      last30Days: top.totalCount,
      baseKeyword: form.base,
      baseLast30Days: bare.totalCount,
      ratio: derived.ratio,
      monthlySource: 'derived',
    },
  };
}
