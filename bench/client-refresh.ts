// Refresh benchmark: 200 asset-detail requests against the local service with 25 ms latency.
// Concurrency-limited vs sequential vs the ideal (200 / limit) × latency; sockets after warm-up.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { LiquidityClient } from '../src/main/client/liquidity-client'
import { getCatalog } from '../src/main/service/catalog'
import pLimit from 'p-limit'

const REQUESTS = 200
const LATENCY_MS = 25
const CONCURRENCY = 8

interface ServiceProcess {
  url: string
  apiKey: string
  connections(): Promise<number>
  close(): void
}

/** The local service in a child process (tsx is inherited from, or added to, our exec args). */
async function startServiceProcess(latencyMs: number): Promise<ServiceProcess> {
  const execArgv = process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : ['--import', 'tsx']
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./client-service-process.ts', import.meta.url)),
    [],
    {
      execArgv,
      env: { ...process.env, LW_BENCH_LATENCY_MS: String(latencyMs) },
    },
  )
  const [hello] = (await once(child, 'message')) as [{ url: string; apiKey: string }]
  return {
    ...hello,
    connections: async () => {
      child.send('stats')
      const [msg] = (await once(child, 'message')) as [{ stats: { connections: number } }]
      return msg.stats.connections
    },
    close: () => child.disconnect(),
  }
}

/**
 * Baseline on the same machine at the same moment: bare keep-alive GETs through p-limit, no
 * timeout, retry or validation. Separates the client's own cost from a busy CPU.
 */
async function rawLimitedMs(service: ServiceProcess, paths: string[]): Promise<number> {
  const agent = new http.Agent({ keepAlive: true })
  const limit = pLimit(CONCURRENCY)
  const get = (path: string): Promise<void> =>
    new Promise((resolve, reject) => {
      http
        .get(
          `${service.url}${path}`,
          { agent, headers: { authorization: `Bearer ${service.apiKey}` } },
          (res) => {
            res.on('data', () => undefined)
            res.on('end', resolve)
            res.on('error', reject)
          },
        )
        .on('error', reject)
    })
  await Promise.all(paths.slice(0, CONCURRENCY).map((p) => limit(get, p)))
  const t = performance.now()
  await Promise.all(paths.map((p) => limit(get, p)))
  const ms = performance.now() - t
  agent.destroy()
  return ms
}

export async function benchClientRefresh(): Promise<Record<string, number | string>> {
  const service = await startServiceProcess(LATENCY_MS)
  const symbols = getCatalog().assets.map((a) => a.symbol)
  const symbolAt = (i: number): string => symbols[i % symbols.length]!
  const client = new LiquidityClient({
    baseUrl: service.url,
    apiKey: () => service.apiKey,
    concurrency: CONCURRENCY,
  })
  try {
    // Warm-up: open the pool's sockets once, as the first refresh after start-up would.
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => client.getAsset(symbolAt(i))))
    const warm = client.stats()

    let t = performance.now()
    const cpu = process.cpuUsage()
    await Promise.all(Array.from({ length: REQUESTS }, (_, i) => client.getAsset(symbolAt(i))))
    const limitedMs = performance.now() - t
    const { user, system } = process.cpuUsage(cpu)
    const afterLimited = client.stats()

    t = performance.now()
    for (let i = 0; i < REQUESTS; i++) await client.getAsset(symbolAt(i))
    const sequentialMs = performance.now() - t

    const paths = Array.from(
      { length: REQUESTS },
      (_, i) => `/api/v0/liquidity/asset/${encodeURIComponent(symbolAt(i))}`,
    )
    const rawMs = await rawLimitedMs(service, paths)
    const idealMs = (REQUESTS / CONCURRENCY) * LATENCY_MS
    return {
      requests: REQUESTS,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      limitedMs: round(limitedMs),
      sequentialMs: round(sequentialMs),
      idealMs: round(idealMs),
      speedupVsSequential: round(sequentialMs / limitedMs, 2),
      'speedupVsSequential target': '>= 4',
      ratioToIdeal: round(limitedMs / idealMs, 3),
      'ratioToIdeal target': '<= 1.2',
      rawHttpLimitedMs: round(rawMs),
      rawHttpRatioToIdeal: round(rawMs / idealMs, 3),
      clientOverRawHttp: round(limitedMs / rawMs, 3),
      clientCpuMsInLimitedRun: round((user + system) / 1000),
      socketsOpenedInWarmup: warm.socketsOpened,
      socketsOpenedAfterWarmup: client.stats().socketsOpened - warm.socketsOpened,
      socketsOpenedDuringLimitedRun: afterLimited.socketsOpened - warm.socketsOpened,
      'socketsOpenedAfterWarmup target': 0,
      serviceConnections: await service.connections(),
      retries: client.stats().retries,
    }
  } finally {
    client.close()
    service.close()
  }
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits
  return Math.round(n * f) / f
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchClientRefresh())
}
