// The daemon as a server runs it: the built command against an in-process local service of 10, 200
// and 1000 symbols, polled back to back (--test-poll-ms). Its resident memory after the polls and
// its CPU time per poll (from /proc: user + system), and at 1000 symbols how long /metrics takes to
// answer (median of 20 GETs; issue 21's target ≤ 50 ms). Run alone: npx tsx bench/daemon.ts
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { startLocalService } from '../src/dev-service/server'
import { SCALE_SIZES, universeSymbols } from './scale-data'

const ROOT = resolve(import.meta.dirname, '..')
const BUILT = join(ROOT, 'out/cli/liquidity-watch.mjs')
const KEY = 'lw-bench-daemon-key-0001'
const WARM_POLLS = 2
const MEASURED_POLLS = 5
const TICKS = 100 // USER_HZ on Linux

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat; index 11 and 12 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Math.round(Number(m?.[1] ?? 0) / 1024)
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2
}

interface Measured {
  rssMb: number
  cpuMsPerPoll: number
  metricsMs: number
}

async function measure(n: number): Promise<Measured> {
  const svc = await startLocalService({ apiKey: KEY, universe: n })
  const dir = await mkdtemp(join(tmpdir(), 'lw-bench-daemon-'))
  const child = spawn(
    process.execPath,
    [
      BUILT,
      'daemon',
      '--data-dir',
      dir,
      '--base-url',
      svc.url,
      '--symbols',
      universeSymbols(n).join(','),
      '--listen',
      '127.0.0.1:0',
      '--log-format',
      'json',
      '--test-poll-ms',
      '500',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, LIQUIDITY_API_KEY: KEY },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.on('data', (b: Buffer) => (out += b.toString()))
  const polls = (): number => out.split('\n').filter((l) => l.includes('"event":"poll"')).length
  const until = async (f: () => boolean): Promise<void> => {
    const t0 = performance.now()
    while (!f()) {
      if (child.exitCode !== null) throw new Error(`the daemon exited: ${out}`)
      if (performance.now() - t0 > 300_000) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  try {
    await until(() => polls() >= WARM_POLLS)
    const url = /"url":"([^"]+)"/.exec(out)![1]!
    const pid = child.pid!
    const cpu0 = cpuSeconds(pid)
    const p0 = polls()
    await until(() => polls() >= p0 + MEASURED_POLLS)
    const cpuMsPerPoll = Math.round(((cpuSeconds(pid) - cpu0) * 1000) / (polls() - p0))
    const times: number[] = []
    for (let i = 0; i < 20; i++) {
      const t = performance.now()
      await (await fetch(`${url}/metrics`)).text()
      times.push(performance.now() - t)
    }
    return { rssMb: rssMb(pid), cpuMsPerPoll, metricsMs: Math.round(median(times) * 10) / 10 }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await svc.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export async function benchDaemon(): Promise<Record<string, number | string>> {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build first`)
  const out: Record<string, number | string> = {}
  for (const n of SCALE_SIZES) {
    const m = await measure(n)
    out[`RSS after ${WARM_POLLS + MEASURED_POLLS} polls, ${n} symbols (MB)`] = m.rssMb
    out[`CPU per poll, ${n} symbols (ms)`] = m.cpuMsPerPoll
    if (n === 1000) {
      out['/metrics response, 1000 symbols (ms, median of 20)'] = m.metricsMs
      out['/metrics response, 1000 symbols (ms, median of 20) target'] = '<= 50'
    }
  }
  return out
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchDaemon())
}
