// How soon the command answers: the first line of `liquidity-watch --help` from the built bundle,
// run as the bin link runs it (the file itself, its `#!/usr/bin/env node` picking the node on PATH),
// against `npm run cli -- --help` (npm, then tsx compiling the sources), each the median of 20
// runs, timed from the spawn to the first byte on stdout. `npm run bench` builds out/cli first.
// Run alone (after `npm run build`): npx tsx bench/cli-start.ts
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')
const BUILT = join(ROOT, 'out/cli/liquidity-watch.mjs')
const RUNS = 20

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2
}

/** Milliseconds from spawning `cmd` to its first stdout byte; the run is then left to finish. */
function firstLineMs(cmd: string, args: string[]): Promise<number> {
  return new Promise((ok, fail) => {
    const t = performance.now()
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
    let at: number | null = null
    child.stdout.once('data', () => (at = performance.now() - t))
    child.stdout.resume()
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0 && at !== null
        ? ok(at)
        : fail(new Error(`${cmd} ${args.join(' ')}: exit ${code}`)),
    )
  })
}

async function medianOf(cmd: string, args: string[]): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(await firstLineMs(cmd, args))
  return Math.round(median(times))
}

export async function benchCliStart(): Promise<Record<string, number | string>> {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build first`)
  const built = await medianOf(BUILT, ['--help'])
  const npmRun = await medianOf('npm', ['run', '--silent', 'cli', '--', '--help'])
  return {
    'liquidity-watch --help, first line (ms, median of 20)': built,
    // Issue 21: the installed command answers within 300 ms.
    'liquidity-watch --help, first line (ms, median of 20) target': '<= 300',
    'npm run cli -- --help, first line (ms, median of 20)': npmRun,
    'built ÷ npm run cli': Math.round((built / npmRun) * 100) / 100,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchCliStart())
}
