// A core watching a generated universe (the local service's `universe` option) over real HTTP,
// with request counts read off the service's own counters and log.
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import type { AppCoreDeps } from '../../src/main/core/app-core'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { harness, type Harness } from './helpers'

export interface UniverseHarness extends Harness {
  symbols: string[]
  /** Requests the service answered during one refresh, and their paths. */
  poll(): Promise<{ requests: number; assets: string[] }>
}

/** Every symbol of the service's universe, as its bulk analytics list them (stocks first). */
export async function universeSymbols(service: LocalService): Promise<string[]> {
  const out: string[] = []
  for (const assetType of ['stock', 'commodity']) {
    const url = `${service.url}/api/v0/liquidity/analytics?groupBy=stock&days=1&assetType=${assetType}`
    const res = await fetch(url, { headers: { authorization: `Bearer ${service.apiKey}` } })
    const body = (await res.json()) as { data: { symbol: string }[] }
    out.push(...body.data.map((d) => d.symbol))
  }
  return out
}

/** The default 7-day drop rule, confirming on the first breaching poll (pendingCycles 1). */
export function dropRule(pendingCycles = 1): AlertRule[] {
  return defaultRules().map((r) => ({ ...r, pendingCycles }))
}

export async function universeHarness(o: {
  universe: number
  watch?: number
  rules?: AlertRule[]
  deps?: Partial<AppCoreDeps>
  clock?: FakeClock
  dir?: string
}): Promise<UniverseHarness> {
  const clock = o.clock ?? new FakeClock()
  const service = await startLocalService({
    now: () => clock.date(),
    apiKey: 'sk-live-UNIVERSE-0123456789',
    universe: o.universe,
    requestLogSize: 5000,
  })
  const symbols = (await universeSymbols(service)).slice(0, o.watch ?? o.universe)
  const h = await harness({
    clock,
    live: service,
    dir: o.dir,
    settings: { watchlist: symbols, ...(o.rules ? { rules: o.rules } : {}) },
    // 1000-symbol polls on 2 busy cores: a slow answer is not what these tests are about.
    deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 30_000 }, ...o.deps },
  })
  return {
    ...h,
    symbols,
    async poll() {
      const before = service.stats().requests
      const logBefore = service.requestLog().length
      await h.core.refreshNow()
      const log = service.requestLog()
      const fresh = log.slice(Math.min(logBefore, log.length))
      return {
        requests: service.stats().requests - before,
        assets: fresh
          .filter((r) => r.path.includes('/asset/'))
          .map((r) => decodeURIComponent(r.path.split('/').at(-1) ?? '')),
      }
    },
    close: async () => {
      await h.close()
      await service.close()
    },
  }
}
