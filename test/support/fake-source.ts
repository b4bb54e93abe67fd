import { type SourceCall, type SourceMethod, sourcePhrase } from '../../src/domain/source-call.js';
import type { SourceKind, StatisticsSource } from '../../src/ports/statistics-source.js';
import type { SourceAnswers } from './answers/source-answers.js';
import { fixtureAnswers } from './answers/fixture-answers.js';

/*
 * The one fake StatisticsSource of the tests. What it answers comes from an answer model (test/support/answers:
 * the hand-checkable fixture of the goldens by default, or a formula, the suggestions seed, the call number);
 * everything else is the same for every model: a log of the calls made (the tests' measure of money spent),
 * failures by phrase or by rule, and latency through an injectable wait.
 */

/** Any call the fake can get: a data call, or the (free) region tree. */
type AnyCall = SourceCall | { method: 'regionTree'; query?: undefined };

/** A call as the failure rule sees it: the method, its query (none for regionTree) and its 1-based number. */
export type FakeCall = AnyCall & { n: number };

/** Decides a call's outcome: an error to throw, or undefined to answer. */
export type FailureRule = (call: FakeCall) => Error | undefined;

export interface FakeSourceOptions {
  /** What the source answers; default the fixture of test/golden/README.md. */
  answers?: SourceAnswers;
  /** Default 'demo'; 'wordstat' (with no search credentials) gives an app without a competition estimator. */
  kind?: SourceKind;
  /** Calls for these phrases (canonical form) fail with the error; `source.failures` changes them later. */
  failures?: Record<string, Error>;
  /** Every call's outcome by rule (checked after `failures`); `source.failWhen` replaces it later. */
  failWhen?: FailureRule;
  /** Each call waits this long before it answers (to observe overlap); with no value, calls never yield. */
  latencyMs?: number;
  /** How a call waits latencyMs: default a timer; a test on virtual time injects its own. */
  wait?: (ms: number) => Promise<void>;
}

export interface FakeSource extends StatisticsSource {
  /** Every data call made (top, dynamics, regions), in order, as copies of the queries sent. */
  readonly calls: SourceCall[];
  /** Calls of one method (regionTree included), or of all methods with no argument. */
  count(method?: SourceMethod | 'regionTree'): number;
  /** Most calls that were running at the same time. */
  readonly maxInFlight: number;
  /** Canonical phrase → the error its calls fail with; edit it mid-test to take a phrase down or up. */
  readonly failures: Map<string, Error>;
  /** Replaces the failure rule (undefined: every call answers). */
  failWhen(rule: FailureRule | undefined): void;
  /** Settles once `calls` holds at least `n` data calls: a test waits for the calls, not for a while. */
  whenCalls(n: number): Promise<void>;
}

// real wait: a fake latency (latencyMs), only where a test asks for one; virtual-time tests inject `wait`
const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The one fake source: answers from a model, a call log, failures and latency, all configurable. */
export function createFakeSource(options: FakeSourceOptions = {}): FakeSource {
  const answers = options.answers ?? fixtureAnswers;
  const failures = new Map(Object.entries(options.failures ?? {}));
  const wait = options.wait ?? timer;
  let rule = options.failWhen;
  const calls: SourceCall[] = [];
  const callWaiters: { n: number; resolve: () => void }[] = [];
  const counts = new Map<string, number>();
  let total = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  // A failing phrase fails however the service spells it upstream (dynamics and regions send sorted words).
  const failureOf = (method: SourceMethod, phrase: string): Error | undefined => {
    const sent = sourcePhrase(method, phrase);
    for (const [failing, error] of failures) if (sourcePhrase(method, failing) === sent) return error;
    return undefined;
  };

  async function run<T>(call: AnyCall, answer: (n: number) => T): Promise<T> {
    const n = ++total;
    counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
    if (call.method !== 'regionTree') {
      calls.push(structuredClone(call));
      for (let i = callWaiters.length - 1; i >= 0; i--) {
        if (calls.length >= callWaiters[i]!.n) callWaiters.splice(i, 1)[0]!.resolve();
      }
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (options.latencyMs !== undefined) await wait(options.latencyMs);
      const failure = (call.query ? failureOf(call.method, call.query.phrase) : undefined) ?? rule?.({ ...call, n });
      if (failure) throw failure;
      return answer(n);
    } finally {
      inFlight--;
    }
  }

  return {
    kind: options.kind ?? 'demo',
    calls,
    count: (method) => (method ? (counts.get(method) ?? 0) : total),
    get maxInFlight() {
      return maxInFlight;
    },
    failures,
    whenCalls: (n) => (calls.length >= n ? Promise.resolve() : new Promise<void>((resolve) => callWaiters.push({ n, resolve }))),
    failWhen(next) {
      rule = next;
    },
    top: (query) => run({ method: 'top', query }, (n) => answers.top(query, n)),
    dynamics: (query) => run({ method: 'dynamics', query }, (n) => answers.dynamics(query, n)),
    regions: (query) => run({ method: 'regions', query }, (n) => answers.regions(query, n)),
    regionTree: () => run({ method: 'regionTree' }, () => answers.regionTree()),
  };
}
