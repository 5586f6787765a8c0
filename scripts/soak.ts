// `npm run soak [-- --polls 5000 --seed 7]`: drives the real engine through many accelerated polls
// against the local service with random faults and scenarios, then prints the invariants.
// Exit 0 when every invariant holds, 1 when one does not.
import { parseArgs } from 'node:util'
import { runSoak, type SoakReport } from '../tests/soak/soak-run'

/** Heap growth per poll we still call flat: well under one cached response per 100 polls. */
export const HEAP_SLOPE_LIMIT = 512

export function verdicts(r: SoakReport): [string, string, boolean][] {
  const slope = r.heap.slopeBytesPerPoll
  return [
    ['crashes', String(r.crashes.length), r.crashes.length === 0],
    ['NaN / Infinity', String(r.nonFinite.length), r.nonFinite.length === 0],
    [
      'false alerts (truth shows no breach)',
      String(r.falseAlerts.length),
      r.falseAlerts.length === 0,
    ],
    [
      'most notifications per rule/symbol in an hour',
      String(r.maxPerRuleSymbolHour),
      r.maxPerRuleSymbolHour <= 1,
    ],
    [
      'cache unreadable after a poll',
      String(r.cacheUnreadable.length),
      r.cacheUnreadable.length === 0,
    ],
    [
      'heap slope (bytes/poll, after warm-up)',
      slope === null ? 'not measured (run with --expose-gc)' : slope.toFixed(1),
      slope === null || slope <= HEAP_SLOPE_LIMIT,
    ],
  ]
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      polls: { type: 'string', default: '3000' },
      seed: { type: 'string', default: String(Date.now() % 100_000) },
    },
  })
  const polls = Number(values.polls)
  const seed = Number(values.seed)
  process.stdout.write(`soak: ${polls} polls, seed ${seed}\n`)
  const r = await runSoak({
    polls,
    seed,
    heapEvery: Math.max(1, Math.floor(polls / 100)),
    progress: (n) => {
      if (n % 500 === 0) process.stdout.write(`  … ${n} polls\n`)
    },
  })
  process.stdout.write(
    `${r.polls} polls (${r.simulatedHours.toFixed(1)} h simulated) in ${(r.wallMs / 1000).toFixed(1)} s; ` +
      `${r.requests} requests, ${r.faults} faults, ${r.scenarios} scenarios, ` +
      `${r.notifications} notifications (${r.firedEvents} alerts fired)\n\n`,
  )
  let ok = true
  for (const [name, value, pass] of verdicts(r)) {
    ok &&= pass
    process.stdout.write(`${pass ? 'ok  ' : 'FAIL'}  ${name.padEnd(48)} ${value}\n`)
  }
  const details = [
    ...r.crashes,
    ...r.nonFinite,
    ...r.falseAlerts,
    ...r.floods,
    ...r.cacheUnreadable,
  ]
  if (details.length > 0) process.stdout.write(`\n${details.slice(0, 20).join('\n')}\n`)
  return ok ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`soak failed to run: ${(e as Error).stack ?? String(e)}\n`)
    process.exit(2)
  },
)
