// What happens to the service during a soak, poll by poll: drawn once from a seed with fast-check,
// so a failing soak is replayed exactly by its seed.
import fc from 'fast-check'
import type { Fault, Scenario } from '../../src/dev-service/server'

export type SoakEvent =
  | { kind: 'none' }
  | { kind: 'fault'; fault: Fault }
  | { kind: 'scenario'; story: (typeof SCENARIOS)[number] }
  | { kind: 'end-scenario' }

const times = (max: number): fc.Arbitrary<number> => fc.integer({ min: 1, max })

const retryAfter = fc.option(
  fc.constantFrom(
    '0',
    '1',
    '7',
    '45',
    '600',
    '7200',
    '99999999999',
    'Wed, 21 Oct 2015 07:28:00 GMT',
  ),
  { nil: undefined },
)

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constant(429 as const),
    retryAfter,
    times: times(3),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(500 as const, 503 as const),
    retryAfter: fc.option(fc.constantFrom('2', '30'), { nil: undefined }),
    times: times(4),
  }),
  fc.record({
    kind: fc.constantFrom('malformed-json' as const, 'html-200' as const, 'reset' as const),
    times: times(2),
  }),
  fc.record({
    kind: fc.constant('latency' as const),
    ms: fc.integer({ min: 1, max: 40 }),
    times: times(10),
  }),
  // Hostile but well-formed answers: the wrong symbol, an absurd window start, a negative total,
  // absurd days, a date from before on-chain data existed, a field that changes type.
  fc.constantFrom<Fault>(
    { kind: 'body', match: 'asset', set: { symbol: 'NVDA' }, times: 1 },
    { kind: 'body', match: 'asset', set: { 'history.7d.tvl': 1e300 }, times: 2 },
    { kind: 'body', match: 'asset', set: { totalTvl: -5 }, times: 1 },
    { kind: 'body', match: 'asset', set: { totalTvl: '123' }, times: 1 },
    { kind: 'body', match: 'analytics', set: { days: 5_000_000 }, times: 1 },
    { kind: 'body', match: 'analytics', set: { 'data.0.series.0.date': '1900-01-01' }, times: 1 },
  ),
)

/**
 * Stories the local service can tell on one symbol. `realWorld`: the world changes (the twin that
 * holds the ground truth gets it too); otherwise only what the service reports is wrong.
 */
export const SCENARIOS: {
  label: string
  realWorld: boolean
  make: (symbol: string, issuer: string, nowMs: number) => Scenario
}[] = [
  {
    label: 'tvl-drop',
    realWorld: true,
    make: (symbol) => ({ kind: 'tvl-drop', symbol, pct: 25, windowDays: 1 }),
  },
  {
    // A value that keeps crossing the threshold: every 10 minutes, in and out of a 15 % dip.
    label: 'oscillate',
    realWorld: true,
    make: (symbol) => ({ kind: 'oscillate', symbol, pct: 15, periodMinutes: 20 }),
  },
  {
    label: 'issuer-missing',
    realWorld: false,
    make: (symbol, issuer) => ({ kind: 'issuer-missing', symbol, issuer, keepInHistory: true }),
  },
  {
    label: 'reported-change',
    realWorld: false,
    make: (symbol) => ({ kind: 'reported-change', symbol, window: '7d', tvlChange: -0.3 }),
  },
  {
    // The service stops updating the symbol: its figures and series stay those of 3 days ago.
    label: 'frozen',
    realWorld: false,
    make: (symbol, _issuer, nowMs) => ({ kind: 'frozen', symbol, asOf: nowMs - 3 * 86_400_000 }),
  },
]

const eventArb: fc.Arbitrary<SoakEvent> = fc.oneof(
  { weight: 70, arbitrary: fc.constant({ kind: 'none' } as const) },
  { weight: 15, arbitrary: faultArb.map((fault) => ({ kind: 'fault', fault }) as const) },
  {
    weight: 8,
    arbitrary: fc.constantFrom(...SCENARIOS).map((story) => ({ kind: 'scenario', story }) as const),
  },
  { weight: 7, arbitrary: fc.constant({ kind: 'end-scenario' } as const) },
)

export function soakPlan(polls: number, seed: number): SoakEvent[] {
  const [plan] = fc.sample(fc.array(eventArb, { minLength: polls, maxLength: polls }), {
    seed,
    numRuns: 1,
  })
  return plan!
}
