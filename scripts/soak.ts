// `npm run soak [-- --polls 5000 --seed 7]`: drives the real engine through many accelerated polls
// against the local service with random faults and scenarios, then prints the invariants.
// Exit 0 when every invariant holds, 1 when one does not.
import { parseArgs } from 'node:util'
import { runSoak } from '../tests/soak/soak-run'
import { soakDetails, verdicts } from '../tests/soak/verdicts'

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
  for (const { name, value, pass } of verdicts(r)) {
    ok &&= pass
    process.stdout.write(`${pass ? 'ok  ' : 'FAIL'}  ${name.padEnd(48)} ${value}\n`)
  }
  const details = soakDetails(r)
  if (details.length > 0) process.stdout.write(`\n${details.join('\n')}\n`)
  return ok ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`soak failed to run: ${(e as Error).stack ?? String(e)}\n`)
    process.exit(2)
  },
)
