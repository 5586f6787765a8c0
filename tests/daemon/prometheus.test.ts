// Real Prometheus scrapes the daemon on loopback: a PromQL query for a symbol's TVL equals the
// service's figure, and a drop scenario makes the example 7-day-drop rule (deploy/alert-rules.yml,
// its expression as shipped; only `for:` shortened so the test need not wait a minute) fire.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs, root } from '../cli/run-cli'
import { startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-prometheus-key-7730'
const dirs = dataDirs()
const SERVICE_NOW = '2026-11-24T15:00:00Z'
let svc: LocalService
let d: RunningDaemon
let prom: ChildProcess | null = null
let promUrl = ''
let promDir = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

async function until<T>(what: string, f: () => Promise<T | null>, timeoutMs = 45_000): Promise<T> {
  const t0 = Date.now()
  for (;;) {
    const v = await f().catch(() => null)
    if (v !== null) return v
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function query(
  q: string,
): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const r = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(q)}`)
  const body = (await r.json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] }
  }
  return body.data.result
}

beforeAll(async () => {
  // The service's clock stands still: its figures do not drift between the poll and the query.
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  d = await startDaemon({
    dataDir: await dirs.make(),
    baseUrl: svc.url,
    key: KEY,
    args: ['--symbols', 'TSLA,NVDA'],
  })
  await d.polls(1)
  promDir = await mkdtemp(join(tmpdir(), 'lw-prom-'))
  const rules = (await readFile(join(root, 'deploy/alert-rules.yml'), 'utf8')).replace(
    /for: \S+/g,
    'for: 0s',
  )
  await writeFile(join(promDir, 'alert-rules.yml'), rules)
  const target = d.url.replace(/^http:\/\//, '')
  await writeFile(
    join(promDir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files: [alert-rules.yml]\nscrape_configs:\n  - job_name: liquidity-watch\n    static_configs:\n      - targets: ["${target}"]\n`,
  )
  const port = await freePort()
  promUrl = `http://127.0.0.1:${port}`
  // Prometheus on the real clock (it stamps the scrapes itself); no libfaketime preload.
  const env = { ...process.env }
  delete env.LD_PRELOAD
  prom = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${join(promDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(promDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { env, stdio: 'ignore' },
  )
  await until('Prometheus to be ready', async () =>
    (await fetch(`${promUrl}/-/ready`)).ok ? true : null,
  )
}, 90_000)

afterAll(async () => {
  prom?.kill('SIGTERM')
  await d?.stop()
  await svc?.close()
  await dirs.cleanup()
  if (promDir) await rm(promDir, { recursive: true, force: true })
})

describe('daemon with real Prometheus', () => {
  it("a PromQL query for TSLA's TVL equals the service's figure", { timeout: 60_000 }, async () => {
    const r = await fetch(`${svc.url}/api/v0/liquidity/asset/TSLA`, {
      headers: { Authorization: `Bearer ${KEY}` },
    })
    const { totalTvl } = (await r.json()) as { totalTvl: number }
    const got = await until('the TVL in Prometheus', async () => {
      const res = await query('liquidity_watch_tvl_usd{symbol="TSLA"}')
      return res.length === 1 ? Number(res[0]!.value[1]) : null
    })
    expect(got).toBe(totalTvl)
  })

  it('a drop scenario makes the example 7-day drop rule fire', { timeout: 60_000 }, async () => {
    const before = await query('ALERTS{alertname="LiquidityTvlDrop7d"}')
    expect(before).toEqual([])
    svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 })
    const firing = await until('the alert to fire', async () => {
      const res = await query('ALERTS{alertname="LiquidityTvlDrop7d",alertstate="firing"}')
      return res.length > 0 ? res : null
    })
    expect(firing.map((x) => x.metric.symbol)).toEqual(['TSLA'])
    expect(firing[0]!.metric).toMatchObject({
      severity: 'warning',
      window: '7d',
      source: 'computed',
    })
  })
})
