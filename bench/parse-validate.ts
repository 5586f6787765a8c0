// Parse + validate a 200-series × 365-day groupBy=stock analytics response vs bare JSON.parse
// of the same bytes: the cost of trusting nothing the service sends.
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { parseAnalytics } from '../src/shared/parse'

const SERIES = 200
const DAYS = 365
const RUNS = 9

/** Deterministic payload shaped like the service's groupBy=stock answer. */
export function stockAnalyticsBytes(series = SERIES, days = DAYS): Buffer {
  const start = Date.UTC(2024, 0, 1)
  const data = Array.from({ length: series }, (_, s) => ({
    symbol: `SYM${s}`,
    series: Array.from({ length: days }, (_, d) => ({
      date: new Date(start + d * 86_400_000).toISOString().slice(0, 10),
      tvl: Math.round((1_000_000 + s * 1000 + d * 37.5) * 100) / 100,
      volume: Math.round((50_000 + ((s * 7 + d * 13) % 1000)) * 100) / 100,
    })),
  }))
  return Buffer.from(JSON.stringify({ groupBy: 'stock', days, data }))
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

function time(fn: () => void): number {
  const t = performance.now()
  fn()
  return performance.now() - t
}

export async function benchParseValidate(): Promise<Record<string, number | string>> {
  const bytes = stockAnalyticsBytes()
  const text = (): string => bytes.toString('utf8')
  // Warm both paths so the JIT (and zod's compiled fast path) is measured, not start-up.
  for (let i = 0; i < 3; i++) parseAnalytics('stock', JSON.parse(text()))
  const raw: number[] = []
  const full: number[] = []
  for (let i = 0; i < RUNS; i++) {
    raw.push(time(() => JSON.parse(text())))
    full.push(time(() => parseAnalytics('stock', JSON.parse(text()))))
  }
  const rawMs = median(raw)
  const fullMs = median(full)
  return {
    series: SERIES,
    days: DAYS,
    points: SERIES * DAYS,
    bytes: bytes.length,
    runs: RUNS,
    jsonParseMedianMs: Math.round(rawMs * 10) / 10,
    parseValidateMedianMs: Math.round(fullMs * 10) / 10,
    ratio: Math.round((fullMs / rawMs) * 100) / 100,
    'ratio target': '<= 2.5',
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchParseValidate())
}
