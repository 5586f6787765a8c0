// Delivery to contact points (issue 20). (1) Poll end → webhook received on loopback: a poll's
// decision routed, written to the outbox (a real SQLite file) and POSTed to a real receiver on
// 127.0.0.1, 200 times, p50/p95. (2) A market-wide drop: 1000 watched symbols all dropping at
// once, through the whole AppCore (local service, pipeline, router, outbox): messages per contact
// point per poll (target at most 1: the pipeline's grouping carries over), and how many alerts
// the grouped messages told.
// Run alone: npx tsx bench/delivery.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import Conf from 'conf'
import { createAppCore } from '../src/main/core/app-core'
import { channelFor } from '../src/main/engine/delivery/channels/registry'
import { Delivery } from '../src/main/engine/delivery/delivery'
import type { Channel } from '../src/main/engine/delivery/model'
import { Outbox } from '../src/main/engine/delivery/outbox'
import { realClock } from '../src/main/engine/poll/scheduler'
import { EnvSecretStore } from '../src/main/engine/secrets/secret-store'
import { startLocalService } from '../src/dev-service/server'
import { contactPointSchema, type ContactPointKind } from '../src/shared/contact-points'
import { defaultRules } from '../src/shared/alert-rules'
import { defaultSettings } from '../src/shared/settings-schema'
import { utcTime } from '../src/shared/local-time'
import { WebhookReceiver } from '../tests/support/webhook-receiver'
import { FakeClock } from '../tests/engine/scheduler/fake-clock'

const SAMPLES = 200

/** The real channels (the generic JSON webhook here). */
function channels(kind: ContactPointKind): Channel | null {
  return channelFor(kind)
}

const hook = (id: string) =>
  contactPointSchema.parse({ id, name: id, kind: 'webhook', isDefault: true })

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function latency(dir: string): Promise<{ p50: number; p95: number }> {
  const rx = await WebhookReceiver.start()
  const outbox = Outbox.open(join(dir, 'outbox.sqlite'), new Date())
  const settings = { ...defaultSettings(), contactPoints: [hook('ops')] }
  const delivery = new Delivery({
    outbox,
    clock: realClock,
    channelFor: channels,
    secrets: { get: () => Promise.resolve(rx.url), set: async () => {}, clear: async () => {} },
    settings: () => settings,
  })
  const times: number[] = []
  let arrived: (() => void) | null = null
  rx.answer = () => {
    arrived?.()
    return { status: 200 }
  }
  for (let i = 0; i < SAMPLES; i++) {
    const got = new Promise<void>((ok) => (arrived = ok))
    const t0 = performance.now()
    const at = new Date()
    const routes = delivery.routes(
      [
        {
          status: 'sent',
          title: `TSLA ${i}`,
          body: 'dropped',
          symbol: 'TSLA',
          eventIds: [`e${i}`],
        },
      ],
      [
        {
          id: `e${i}`,
          at: at.toISOString(),
          type: 'fired',
          ruleId: defaultRules()[0]!.id,
          ruleName: 'drop',
          symbol: 'TSLA',
          message: 'dropped',
          value: -12,
          threshold: -10,
          verified: true,
        },
      ],
      at,
    )
    delivery.queue(routes)
    await got
    times.push(performance.now() - t0)
    await delivery.settled()
  }
  delivery.close()
  await rx.close()
  times.sort((a, b) => a - b)
  return { p50: round(pct(times, 50)), p95: round(pct(times, 95)) }
}

const round = (n: number): number => Math.round(n * 10) / 10

async function marketDrop(dir: string): Promise<Record<string, number>> {
  const clock = new FakeClock()
  const service = await startLocalService({
    now: () => clock.date(),
    universe: 1000,
    apiKey: 'sk-bench-0123456789',
  })
  const res = await fetch(
    `${service.url}/api/v0/liquidity/analytics?groupBy=stock&days=1&assetType=stock`,
    {
      headers: { authorization: `Bearer ${service.apiKey}` },
    },
  )
  const symbols = ((await res.json()) as { data: { symbol: string }[] }).data
    .map((d) => d.symbol)
    .slice(0, 1000)
  const receivers = [await WebhookReceiver.start(), await WebhookReceiver.start()]
  new Conf({ cwd: dir, configName: 'settings', projectName: 'lw-bench' }).set({
    ...defaultSettings(),
    baseUrl: service.url,
    watchlist: symbols,
    rules: defaultRules().map((r) => ({ ...r, pendingCycles: 1 })),
  })
  const core = await createAppCore({
    dataDir: dir,
    createSettingsStore: ({ cwd, configName }) =>
      new Conf({ cwd, configName, projectName: 'lw-bench' }),
    secretStore: new EnvSecretStore({ env: { LIQUIDITY_API_KEY: service.apiKey } }),
    emit: () => undefined,
    notify: () => undefined,
    clock,
    utcOffset: utcTime,
    client: { retry: { maxAttempts: 1 }, timeoutMs: 30_000 },
    // Every symbol judged on its detail every poll: all 1000 fire in the same poll.
    detailBudget: 1000,
    delivery: {
      channelFor: channels,
      secrets: null,
      runContactPoints: receivers.map((r, i) => ({ point: hook(`cp${i}`), secret: r.url })),
    },
  })
  let worst = 0
  let polls = 0
  await core.refreshNow()
  clock.jump(5 * 60_000)
  for (const s of symbols)
    service.scenarios.add({ kind: 'tvl-drop', symbol: s, pct: 30, windowDays: 1 })
  for (let i = 0; i < 3; i++) {
    const before = receivers.map((r) => r.log.length)
    await core.refreshNow()
    await core.delivery()!.settled()
    const fresh = receivers.map((r, j) => r.log.length - before[j]!)
    worst = Math.max(worst, ...fresh)
    polls++
    clock.jump(5 * 60_000)
  }
  const fired = receivers[0]!
    .okBodies<{ events: unknown[] }>()
    .reduce((n, b) => n + b.events.length, 0)
  await core.stop()
  await Promise.all(receivers.map((r) => r.close()))
  await service.close()
  return {
    'market drop: most messages to one contact point in one poll': worst,
    'market drop: most messages to one contact point in one poll target': 1,
    'market drop: alerts told to each contact point': fired,
    'market drop: polls': polls,
  }
}

export async function benchDelivery(): Promise<Record<string, number | string>> {
  const dir = await mkdtemp(join(tmpdir(), 'lw-bench-delivery-'))
  try {
    const l = await latency(join(dir, 'latency'))
    const m = await marketDrop(join(dir, 'market'))
    return {
      channel: 'webhook (generic JSON v1)',
      'poll end → webhook received p50 (ms)': l.p50,
      'poll end → webhook received p95 (ms)': l.p95,
      'poll end → webhook received p95 (ms) target': '<= 200',
      ...m,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.table(await benchDelivery())
