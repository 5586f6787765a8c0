// A writer killed at random moments must leave the old or the new file, never a torn one.
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  analyticsRequest,
  assetRequest,
  CACHE_FILE_NAME,
  ResponseCache,
} from '../../../src/main/engine/storage/cache'
import type { AnalyticsResponse, AnalyticsStock } from '../../../src/shared/liquidity-schemas'
import { symbols } from './fixtures/sample-data'

const stockOf = (d: AnalyticsResponse | undefined): AnalyticsStock | undefined =>
  d?.groupBy === 'stock' ? d : undefined

const ITERATIONS = 30
const SYMBOL_COUNT = 40
const fixture = fileURLToPath(new URL('./fixtures/cache-writer-loop.ts', import.meta.url))
let dir = ''
let bundleDir = ''
let script = ''

// Bundled once to plain JS, so each of the 30 runs is a bare `node` start-up, not a tsx one.
beforeAll(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), 'lw-sigkill-bundle-'))
  script = join(bundleDir, 'cache-writer-loop.mjs')
  await build({
    entryPoints: [fixture],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies (write-file-atomic) call require() on Node built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  for (const d of [dir, bundleDir]) if (d !== '') await rm(d, { recursive: true, force: true })
})

/** Runs the writer, kills it `delayMs` after it is ready; returns the last generation it confirmed. */
function runAndKill(delayMs: number): Promise<{ ready: number; acked: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir, String(SYMBOL_COUNT)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    let ready: number | null = null
    let acked: number | null = null
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const lines = out.split('\n')
      out = lines.pop() ?? ''
      for (const line of lines) {
        const [word, n] = line.split(' ')
        if (word === 'flushed') acked = Number(n)
        if (word === 'ready' && ready === null) {
          ready = Number(n)
          setTimeout(() => child.kill('SIGKILL'), delayMs)
        }
      }
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => {
      if (ready === null || signal !== 'SIGKILL')
        reject(new Error(`writer ended unexpectedly: ${signal} ${err}`))
      else resolve({ ready, acked })
    })
  })
}

it(`survives SIGKILL at random moments (${ITERATIONS} runs): the file is always a whole generation`, async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-sigkill-'))
  let killedMidWrite = 0
  for (let i = 0; i < ITERATIONS; i++) {
    const { ready, acked } = await runAndKill(Math.floor(Math.random() * 300))
    const confirmed = acked ?? ready
    // Whole-file check first: a torn file fails JSON.parse.
    const text = await readFile(join(dir, CACHE_FILE_NAME), 'utf8').catch(() => null)
    if (confirmed === 0 && text === null) continue
    expect(() => JSON.parse(text ?? '')).not.toThrow()
    if ((await readdir(dir)).some((n) => n.includes('.tmp-'))) killedMidWrite++
    const cache = await ResponseCache.open(dir)
    expect(cache.report).toBeNull()
    const gens = new Set(
      symbols(SYMBOL_COUNT).flatMap((s) => [
        cache.get(assetRequest(s))?.data.totalTvl,
        stockOf(cache.get(analyticsRequest({ groupBy: 'stock', symbol: s, days: 365 }))?.data)
          ?.data[0]?.series[0]?.volume,
      ]),
    )
    const asset = gens.values().next().value as number
    // Every entry from one generation: the one last confirmed, or the one being written when killed.
    expect([confirmed, confirmed + 1]).toContain(asset)
    expect(gens).toEqual(new Set([asset, 10_000 + (asset % 5_000)]))
  }
  console.log(
    `SIGKILL test: ${ITERATIONS} kills, ${killedMidWrite} landed mid-write (temp file left behind)`,
  )
}, 120_000) // 30 plain-node start-ups of the pre-bundled writer
