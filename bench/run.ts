// `npm run bench`: every benchmark module present, one after another, each in its own Node process
// (a clean heap, and --expose-gc for the heap benchmark), printed as a table of figure, target and
// how the figure stands against it. Figures only: nothing here fails on a missed target.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')
const MARK = '@@bench-result@@'

interface Bench {
  file: string
  fn: string
  title: string
  nodeFlags?: string[]
}

const BENCHES: Bench[] = [
  {
    file: 'bench/cli-start.ts',
    fn: 'benchCliStart',
    title: 'liquidity-watch --help (built) against npm run cli -- --help: first line, median of 20',
  },
  {
    file: 'bench/daemon.ts',
    fn: 'benchDaemon',
    title: 'Daemon: RSS and CPU per poll (10, 200, 1000 symbols), /metrics response at 1000',
  },
  {
    file: 'bench/client-refresh.ts',
    fn: 'benchClientRefresh',
    title: 'Client refresh (200 requests, 25 ms latency)',
  },
  {
    file: 'bench/parse-validate.ts',
    fn: 'benchParseValidate',
    title: 'Parse + validate analytics (200 × 365)',
  },
  {
    file: 'bench/poll-requests.ts',
    fn: 'benchPollRequests',
    title: 'Requests per poll and poll wall time (10, 200, 1000 symbols; tiered vs per-symbol)',
  },
  {
    file: 'bench/persist-cache.ts',
    fn: 'benchPersistCache',
    title: 'Save and open the offline cache (10, 200, 1000 symbols × 365 days)',
  },
  {
    file: 'bench/history-write.ts',
    fn: 'benchHistoryWrite',
    title: 'History: write per poll and size after a year (200 symbols)',
  },
  {
    file: 'bench/heap-cycles.ts',
    fn: 'benchHeapCycles',
    title: 'Heap over many polls (10, 200, 1000 symbols × 365 days cached)',
    nodeFlags: ['--expose-gc'],
  },
  {
    file: 'bench/backtest.ts',
    fn: 'benchBacktest',
    title: 'Backtest 200 symbols × 365 days (evaluation; with the fetch from the local service)',
  },
  {
    file: 'bench/delivery.ts',
    fn: 'benchDelivery',
    title:
      'Delivery: poll end → webhook received (loopback); a 1000-symbol drop → messages per contact point',
  },
  {
    file: 'bench/ui-charts.ts',
    fn: 'benchUiCharts',
    title: 'Renderer charts in Chromium (Chart.js)',
  },
  {
    file: 'bench/ui-watchlist.ts',
    fn: 'benchUiWatchlist',
    title: 'Watchlist of 100 from cache, service stopped',
  },
]

type Result = Record<string, number | string>

/** Modules that name a target otherwise than `<metric> target`: metric → the key holding its target. */
const TARGET_KEYS: Record<string, Record<string, string>> = {}

/**
 * Runs one benchmark's exported function in a child Node with tsx (this file in --child mode),
 * and reads its JSON line. No -e/--input-type: a benchmark that spawns Node with its own execArgv
 * (client-refresh) must get flags it can reuse.
 */
function runInChild(b: Bench): Promise<Result> {
  const args = [
    ...(b.nodeFlags ?? []),
    '--import',
    'tsx',
    join(ROOT, 'bench/run.ts'),
    '--child',
    b.file,
    b.fn,
  ]
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.on('error', fail)
    child.on('close', (status) => {
      const line = out.split('\n').find((l) => l.startsWith(MARK))
      if (status === 0 && line) return ok(JSON.parse(line.slice(MARK.length)) as Result)
      // Whatever the benchmark printed is the best clue.
      fail(new Error(`exit ${status}${out.trim() ? `\n${out.trim()}` : ''}`))
    })
  })
}

/** The child side: import the module, run the function, print one marked JSON line. */
async function childMain(file: string, fn: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<
    string,
    () => Promise<Result>
  >
  const bench = mod[fn]
  if (typeof bench !== 'function') throw new Error(`${file} does not export ${fn}()`)
  const result = await bench()
  process.stdout.write(`${MARK}${JSON.stringify(result)}\n`, () => process.exit(0))
}

/** '<= 60', '>= 4', 0 … → how the value stands: ok / MISS, and value ÷ target. */
function judge(
  value: number | string,
  target: number | string,
): { verdict: string; ratio: string } {
  if (typeof value !== 'number') return { verdict: '', ratio: '' }
  const m =
    typeof target === 'number'
      ? ['', '==', String(target)]
      : /(<=|>=|≤|≥|<|>|==)\s*(-?[\d.]+)|^\s*(-?[\d.]+)\s*$/.exec(target)
  if (!m) return { verdict: '', ratio: '' }
  if (m[3] !== undefined) m[2] = m[3]
  const op = ({ '≤': '<=', '≥': '>=' } as Record<string, string>)[m[1] ?? ''] ?? (m[1] || '==')
  const t = Number(m[2])
  const pass =
    op === '<='
      ? value <= t
      : op === '>='
        ? value >= t
        : op === '<'
          ? value < t
          : op === '>'
            ? value > t
            : value === t
  return {
    verdict: pass ? 'ok' : 'MISS',
    ratio: t !== 0 ? (Math.round((value / t) * 100) / 100).toString() : '',
  }
}

type Row = {
  value: number | string
  target: number | string
  verdict: string
  'value/target': string
}

function tableOf(r: Result, fn: string): Record<string, Row> {
  const aliases = TARGET_KEYS[fn] ?? {}
  const targetKeys = new Set(Object.values(aliases).filter((k) => k in r))
  const rows: Record<string, Row> = {}
  for (const [k, v] of Object.entries(r)) {
    if (k.endsWith(' target') || targetKeys.has(k)) continue
    const alias = aliases[k]
    const target = r[`${k} target`] ?? (alias !== undefined ? r[alias] : undefined)
    const j = target === undefined ? { verdict: '', ratio: '' } : judge(v, target)
    rows[k] = { value: v, target: target ?? '', verdict: j.verdict, 'value/target': j.ratio }
  }
  return rows
}

export async function runAll(only?: string[]): Promise<boolean> {
  let allRan = true
  const summary: Record<string, { seconds: number; misses: number | string }> = {}
  for (const b of BENCHES) {
    if (!existsSync(join(ROOT, b.file))) continue
    if (only?.length && !only.some((o) => b.file.includes(o))) continue
    console.log(`\n=== ${b.title} — ${b.file} ===`)
    const t = performance.now()
    try {
      const table = tableOf(await runInChild(b), b.fn)
      console.table(table)
      summary[b.fn] = {
        seconds: Math.round((performance.now() - t) / 100) / 10,
        misses: Object.values(table).filter((row) => row.verdict === 'MISS').length,
      }
    } catch (e) {
      allRan = false
      console.error(`${b.fn} did not complete: ${(e as Error).message}`)
      summary[b.fn] = {
        seconds: Math.round((performance.now() - t) / 100) / 10,
        misses: 'did not run',
      }
    }
  }
  console.log('\n=== Summary ===')
  console.table(summary)
  return allRan
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode, file, fn] = process.argv.slice(2)
  if (mode === '--child' && file && fn) {
    await childMain(file, fn)
  } else {
    // Optional filters: `tsx bench/run.ts ui-` runs only the matching files. `--polls N` is the
    // heap benchmark's number of polls per size (10000 for the issue's figure; takes hours),
    // `--sizes 1000` its watchlist sizes.
    const args = process.argv.slice(2)
    const polls = args.indexOf('--polls')
    if (polls >= 0) process.env.HEAP_POLLS = args.splice(polls, 2)[1]
    const sizes = args.indexOf('--sizes')
    if (sizes >= 0) process.env.HEAP_SIZES = args.splice(sizes, 2)[1]
    const ok = await runAll(args)
    process.exitCode = ok ? 0 : 1
  }
}
