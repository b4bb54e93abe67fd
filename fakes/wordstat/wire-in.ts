import { addDays, isoWeekday, isIsoDate, daysInMonth } from '../../src/domain/dates/calendar.js';
import { lastCompletedPeriodEnd } from '../../src/domain/dates/periods.js';
import {
  DEVICES,
  type DeviceFilter,
  type DynamicsQuery,
  type Period,
  PERIODS,
  REGION_LEVELS,
  type RegionLevel,
  type RegionsQuery,
  type TopQuery,
} from '../../src/domain/types.js';

/** An error the fake answers with, in the gateway's shape `{code, message, details: []}`. */
export class WireError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new WireError(400, 3, message);

type Body = Record<string, unknown>;

/** The parsed JSON body, or INVALID_ARGUMENT as grpc-gateway gives for a body it cannot read. */
export function parseJsonBody(text: string): Body {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw invalid('proto: syntax error (line 1:1): unexpected token');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('proto: invalid request body');
  return value as Body;
}

function phrase(body: Body): string {
  const value = body.phrase;
  if (value === undefined || value === '') throw invalid('phrase: required field is missing');
  if (typeof value !== 'string') throw invalid('proto: invalid value for string field phrase');
  if ([...value].length > 400) throw invalid('phrase: length must be <=400');
  const syntax = operatorSyntaxProblem(value);
  if (syntax) throw invalid(`Invalid query syntax: ${syntax}`);
  return value;
}

/**
 * What Wordstat cannot parse in a phrase's operators [I]: an unclosed quote, bracket or parenthesis, a closing one
 * without its opening, or brackets inside brackets. The demo model reads anything; the fake refuses these as the
 * live API presumably does, so a pasted list with one broken keyword can be tested.
 */
function operatorSyntaxProblem(text: string): string | undefined {
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return 'unpaired quote';
  let square = 0;
  let round = 0;
  for (const ch of text) {
    if (ch === '[') square++;
    else if (ch === ']') square--;
    else if (ch === '(') round++;
    else if (ch === ')') round--;
    if (square < 0 || round < 0) return `unexpected "${ch}"`;
    if (square > 1) return 'nested square brackets';
  }
  if (square !== 0) return 'unclosed "["';
  if (round !== 0) return 'unclosed "("';
  return undefined;
}

/** protojson accepts an enum as its full name or its number; a name without its prefix is rejected. */
function enumValue<T extends string>(value: unknown, names: readonly T[], type: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= names.length) {
    return names[value - 1];
  }
  if (typeof value === 'string' && (names as readonly string[]).includes(value)) return value as T;
  throw invalid(`proto: invalid value for enum type: ${JSON.stringify(value)} (${type})`);
}

function devices(body: Body): DeviceFilter {
  const value = body.devices ?? [];
  if (!Array.isArray(value)) throw invalid('proto: syntax error: devices must be a list');
  if (value.length > 3) throw invalid('devices: size must be <=3');
  const names = value.map((v) => enumValue(v, DEVICES, 'yandex.cloud.searchapi.v2.Device') as string);
  if (names.length === 0 || names.includes('DEVICE_ALL')) return [];
  return [...new Set(names)].sort() as unknown as DeviceFilter;
}

/** `repeated string regions`: numbers are not strings in protojson. */
function regions(body: Body): number[] {
  const value = body.regions ?? [];
  if (!Array.isArray(value)) throw invalid('proto: syntax error: regions must be a list');
  if (value.length > 100) throw invalid('regions: size must be <=100');
  const ids = value.map((v) => {
    if (typeof v !== 'string') throw invalid(`proto: invalid value for string field regions: ${JSON.stringify(v)}`);
    if (!/^\d+$/.test(v)) throw invalid(`Region ${JSON.stringify(v)} is not valid`);
    return Number(v);
  });
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** google.protobuf.Timestamp in protojson: RFC3339 with seconds and a zone; the date is the UTC one. */
function timestamp(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  const ok =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value));
  if (!ok) throw invalid(`proto: invalid google.protobuf.Timestamp value for field ${field}: ${JSON.stringify(value)}`);
  const date = new Date(Date.parse(value)).toISOString().slice(0, 10);
  if (!isIsoDate(date)) throw invalid(`invalid date in field ${field}`);
  return date;
}

/** The window checks Wordstat makes, with the messages clients have seen it send. */
function checkAlignment(period: Period, fromDate: string, toDate: string): void {
  if (period === 'PERIOD_MONTHLY') {
    if (!fromDate.endsWith('-01')) throw invalid('The from field value should be the first day of the month');
    const last = daysInMonth(Number(toDate.slice(0, 4)), Number(toDate.slice(5, 7)));
    if (Number(toDate.slice(8, 10)) !== last) throw invalid('The to field value should be the last day of the month');
  } else if (period === 'PERIOD_WEEKLY') {
    if (isoWeekday(fromDate) !== 1) throw invalid('The from field value should be Monday');
    if (isoWeekday(toDate) !== 7) throw invalid('The to field value should be Sunday');
  }
  if (fromDate > toDate) throw invalid('The from field value should be earlier than the to field value');
}

export function topQuery(body: Body): TopQuery {
  const raw = body.numPhrases ?? 50;
  const numPhrases = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof numPhrases !== 'number' || !Number.isInteger(numPhrases)) {
    throw invalid(`proto: invalid value for int64 field numPhrases: ${JSON.stringify(raw)}`);
  }
  if (numPhrases < 1 || numPhrases > 2000) throw invalid('numPhrases: value must be in range 1-2000');
  return { phrase: phrase(body), numPhrases, regions: regions(body), devices: devices(body) };
}

export function dynamicsQuery(body: Body, today: string): DynamicsQuery {
  const text = phrase(body);
  const period = enumValue(body.period, PERIODS, 'GetDynamicsRequest.Period');
  if (!period) throw invalid('period: required field is missing');
  const fromDate = timestamp(body.fromDate, 'fromDate');
  if (!fromDate) throw invalid('fromDate: required field is missing');
  const toDate = timestamp(body.toDate, 'toDate') ?? lastCompletedPeriodEnd(today, period);
  checkAlignment(period, fromDate, toDate);
  // As the live API does: a window starting 60 days back is refused, 59 is the most (issue 20, item 23).
  if (period === 'PERIOD_DAILY' && fromDate < addDays(today, -59)) {
    throw invalid('Daily dynamics are available for the last 60 days only');
  }
  // Monthly and weekly dynamics take only the + operator (Yandex's operators page); daily takes all.
  if (period !== 'PERIOD_DAILY' && /["![\]()|]|(?:^|\s)-/.test(text)) {
    throw invalid('Only the + operator is supported for the monthly and weekly periods');
  }
  return { phrase: text, period, fromDate, toDate, regions: regions(body), devices: devices(body) };
}

export function regionsQuery(body: Body): RegionsQuery {
  const level: RegionLevel = enumValue(body.region, REGION_LEVELS, 'GetRegionsDistributionRequest.Region') ?? 'REGION_ALL';
  return { phrase: phrase(body), level, devices: devices(body) };
}
