// "Test connection" in Settings: one small request to the given service. The stored key goes only
// to the saved service (compared normalised); any other URL is tested with a key typed for this
// test, or with none — and then the result says what such a test can and cannot tell.
import { toSerializedError } from '../../shared/errors'
import type { IpcArgs } from '../../shared/ipc-contract'
import { sameServiceUrl } from '../../shared/service-url'
import type { ConnectionTestResult, TestKey } from '../../shared/view-models'
import { LiquidityClient } from '../client/liquidity-client'
import type { Clock } from '../engine/poll/scheduler'
import { clockSleep, openConnection } from './connection'
import type { ApiKey } from './api-key'
import type { CoreSettings } from './core-settings'
import type { DataSource } from './data-source'
import type { RateLimits } from './rate-limits'
import { keyMismatch } from './key-binding'

const TEST_TIMEOUT_MS = 10_000

export type TestTarget = IpcArgs<'testConnection'>[0]

/** What Test connection asks: the source in use, the saved settings, the key and the holds. */
export interface TestConnectionOwners {
  data: Pick<DataSource, 'current'>
  settings: Pick<CoreSettings, 'stored'>
  key: Pick<ApiKey, 'load'>
  rateLimits: Pick<RateLimits, 'gates'>
  clock: Clock
}

interface Probe {
  client: Pick<LiquidityClient, 'getAnalytics'>
  where: string
  key: TestKey
  /** Why the saved key was not sent to the saved service (it belongs to another one). */
  unbound?: string
  close(): Promise<void> | void
}

async function probeFor(target: TestTarget, p: TestConnectionOwners): Promise<Probe> {
  const running = p.data.current().connection
  if (target.baseUrl === null) {
    // The demo service: reuse the running one, or start one just for the test.
    const conn =
      running.mode === 'demo'
        ? running
        : await openConnection({
            baseUrl: null,
            apiKey: () => null,
            clock: p.clock,
            rateGates: p.rateLimits.gates,
          })
    return {
      client: conn.client,
      where: 'the built-in demo service',
      key: 'demo',
      close: conn !== running ? () => conn.close() : () => undefined,
    }
  }
  const typed = target.apiKey ?? null
  const saved = sameServiceUrl(target.baseUrl, p.settings.stored().baseUrl)
  const stored = saved && typed === null ? await p.key.load() : null
  // Even the saved service gets the stored key only when the key was entered for it.
  const unbound = stored !== null ? keyMismatch(stored, target.baseUrl) : null
  const usable = unbound === null ? (stored?.key ?? null) : null
  const key: TestKey = typed !== null ? 'typed' : saved && unbound === null ? 'saved' : 'none'
  const client = new LiquidityClient({
    baseUrl: target.baseUrl,
    apiKey: () => typed ?? usable,
    anonymous: key === 'none',
    timeoutMs: TEST_TIMEOUT_MS,
    // One try, and no waiting out a rate-limit hold: the user is looking at the screen now, so
    // "rate-limited until 14:05" beats a spinner for minutes.
    retry: { maxAttempts: 1, retryAfterCapMs: 0 },
    now: () => p.clock.now(),
    sleep: clockSleep(p.clock),
    // The core's holds: a service that told the poll to slow down is not asked again by the test.
    rateGates: p.rateLimits.gates,
  })
  // The URL passed the Service URL rule already (the IPC schema, and the client just now).
  return {
    client,
    where: new URL(target.baseUrl).host,
    key,
    ...(unbound !== null ? { unbound } : {}),
    close: () => client.close(),
  }
}

/** What a failure means for the key the test used, in words for the Settings screen. */
function failureMessage(kind: string, message: string, probe: Probe): string {
  if (kind !== 'auth') return message
  if (probe.unbound !== undefined) return probe.unbound
  if (probe.key === 'none') {
    return `The service at ${probe.where} answers, but it needs an API key. Type a key for this test to check one; your saved key is only sent to the service you saved.`
  }
  if (probe.key === 'typed') {
    return `The service at ${probe.where} answers, but it did not accept the key you typed for this test.`
  }
  return message
}

export async function testConnection(
  target: TestTarget,
  p: TestConnectionOwners,
): Promise<ConnectionTestResult> {
  let probe: Probe
  try {
    probe = await probeFor(target, p)
  } catch (e) {
    const err = toSerializedError(e)
    return { ok: false, kind: err.kind, message: err.message, latencyMs: null, key: 'none' }
  }
  // Real elapsed time: this is a measurement shown to the user, not scheduling.
  const t0 = performance.now()
  try {
    await probe.client.getAnalytics({ groupBy: 'total', days: 1 })
    const latencyMs = Math.round(performance.now() - t0)
    const without = probe.key === 'none' ? ' without an API key' : ''
    return {
      ok: true,
      kind: null,
      message: `Connected to ${probe.where}${without} (answered in ${latencyMs} ms).`,
      latencyMs,
      key: probe.key,
    }
  } catch (e) {
    const err = toSerializedError(e)
    const message = failureMessage(err.kind, err.message, probe)
    return { ok: false, kind: err.kind, message, latencyMs: null, key: probe.key }
  } finally {
    await probe.close()
  }
}
