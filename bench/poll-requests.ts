// Requests per poll and poll wall time for 10, 200 and 1000 watched symbols: the tiered poll
// (default detail budget) against today's per-symbol poll (detailBudget = Infinity), measured in
// the same run over the full AppCore path (HTTP, cache, alerts). The local service (a generated
// universe of 1000, 20 ms latency per response) runs in a child process so its work is not ours.
// Run alone: npx tsx bench/poll-requests.ts
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Conf from 'conf'
import { createAppCore } from '../src/main/core/app-core'
import { API_KEY_ENV, EnvSecretStore } from '../src/main/engine/secrets/secret-store'
import { startLocalService } from '../src/dev-service/server'

const UNIVERSE = 1000
const LATENCY_MS = 20
const SIZES = [10, 200, 1000]
const POLLS = Number(process.env.POLL_BENCH_POLLS ?? 8)

interface ServiceProcess {
  url: string
  apiKey: string
  requests(): Promise<number>
  close(): Promise<void>
}

async function startServiceProcess(): Promise<ServiceProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--service-child'], {
    execArgv: ['--import', 'tsx'],
  })
  const [hello] = (await once(child, 'message')) as [{ url: string; apiKey: string }]
  return {
    ...hello,
    requests: async () => {
      child.send('stats')
      const [msg] = (await once(child, 'message')) as [{ requests: number }]
      return msg.requests
    },
    close: async () => {
      const exited = once(child, 'exit')
      child.disconnect()
      await exited
    },
  }
}

async function serviceChild(): Promise<void> {
  const service = await startLocalService({ universe: UNIVERSE, latencyMs: LATENCY_MS })
  process.on('message', () => process.send?.({ requests: service.stats().requests }))
  process.on('disconnect', () => void service.close().then(() => process.exit(0)))
  process.send?.({ url: service.url, apiKey: service.apiKey })
}

async function get(service: ServiceProcess, path: string): Promise<unknown> {
  const res = await fetch(`${service.url}${path}`, {
    headers: { authorization: `Bearer ${service.apiKey}` },
  })
  return res.json()
}

async function universeSymbols(service: ServiceProcess): Promise<string[]> {
  const out: string[] = []
  for (const t of ['stock', 'commodity']) {
    const body = (await get(
      service,
      `/api/v0/liquidity/analytics?groupBy=stock&days=1&assetType=${t}`,
    )) as { data: { symbol: string }[] }
    out.push(...body.data.map((d) => d.symbol))
  }
  return out
}

/** Median of a few single asset requests: the latency a poll's wall time is set against. */
async function singleRequestMs(service: ServiceProcess): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 7; i++) {
    const t = performance.now()
    await get(service, '/api/v0/liquidity/asset/TSLA')
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[3]!
}

/** Mean requests and wall time per poll after a warm-up poll (which fills the cache). */
async function measure(
  service: ServiceProcess,
  watchlist: string[],
  detailBudget: number | undefined,
): Promise<{ requests: number; wallMs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'lw-poll-bench-'))
  const core = await createAppCore({
    dataDir: dir,
    createSettingsStore: ({ cwd, configName }) =>
      new Conf({ cwd, configName, projectName: 'lw-bench' }),
    secretStore: new EnvSecretStore({ env: { [API_KEY_ENV]: service.apiKey } }),
    overrides: { baseUrl: service.url, watchlist },
    emit: () => undefined,
    notify: () => undefined,
    ...(detailBudget === undefined ? {} : { detailBudget }),
  })
  try {
    await core.refreshNow()
    const before = await service.requests()
    const t = performance.now()
    for (let i = 0; i < POLLS; i++) await core.refreshNow()
    const wallMs = (performance.now() - t) / POLLS
    return { requests: ((await service.requests()) - before) / POLLS, wallMs }
  } finally {
    await core.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits

export async function benchPollRequests(): Promise<Record<string, number | string>> {
  const service = await startServiceProcess()
  try {
    const symbols = await universeSymbols(service)
    const single = await singleRequestMs(service)
    const out: Record<string, number | string> = {
      latencyMs: LATENCY_MS,
      singleRequestMs: round(single),
      pollsMeasured: POLLS,
    }
    for (const n of SIZES) {
      const watch = symbols.slice(0, n)
      const tiered = await measure(service, watch, undefined)
      const baseline = await measure(service, watch, Infinity)
      out[`req/poll ${n} tiered`] = round(tiered.requests)
      out[`req/poll ${n} per-symbol`] = round(baseline.requests)
      out[`req/poll ${n} tiered÷per-symbol`] = round(tiered.requests / baseline.requests, 3)
      out[`poll ms ${n} tiered`] = round(tiered.wallMs)
      out[`poll ms ${n} per-symbol`] = round(baseline.wallMs)
      out[`poll ÷ 1 request ${n} tiered`] = round(tiered.wallMs / single, 2)
      out[`poll ÷ 1 request ${n} per-symbol`] = round(baseline.wallMs / single, 2)
    }
    out['req/poll 1000 tiered target'] = '<= 60'
    // Small watchlists keep today's poll exactly.
    out['req/poll 10 tiered÷per-symbol target'] = 1
    return out
  } finally {
    await service.close()
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--service-child') await serviceChild()
  else console.table(await benchPollRequests())
}
