// "Test connection" in Settings: one small request to the given service with the current key.
import { toSerializedError } from '../../shared/errors'
import type { ConnectionTestResult } from '../../shared/view-models'
import { LiquidityClient } from '../client/liquidity-client'
import { openConnection } from './connection'
import type { CoreParts } from './core-parts'

const TEST_TIMEOUT_MS = 10_000

export async function testConnection(
  baseUrl: string | null,
  p: Pick<CoreParts, 'connection' | 'clock'>,
  apiKey: () => string | null,
): Promise<ConnectionTestResult> {
  let close = (): Promise<void> | void => undefined
  let client: { getAnalytics: LiquidityClient['getAnalytics'] }
  let where: string
  try {
    if (baseUrl === null) {
      // The demo service: reuse the running one, or start one just for the test.
      const conn =
        p.connection.mode === 'demo'
          ? p.connection
          : await openConnection({ baseUrl: null, apiKey, clock: p.clock })
      if (conn !== p.connection) close = () => conn.close()
      client = conn.client
      where = 'the built-in demo service'
    } else {
      const c = new LiquidityClient({
        baseUrl,
        apiKey,
        timeoutMs: TEST_TIMEOUT_MS,
        retry: { maxAttempts: 1 },
      })
      close = () => c.close()
      client = c
      where = new URL(baseUrl).host
    }
  } catch (e) {
    const err = toSerializedError(e)
    return { ok: false, kind: err.kind, message: err.message, latencyMs: null }
  }
  // Real elapsed time: this is a measurement shown to the user, not scheduling.
  const t0 = performance.now()
  try {
    await client.getAnalytics({ groupBy: 'total', days: 1 })
    const latencyMs = Math.round(performance.now() - t0)
    return {
      ok: true,
      kind: null,
      message: `Connected to ${where} (answered in ${latencyMs} ms).`,
      latencyMs,
    }
  } catch (e) {
    const err = toSerializedError(e)
    return { ok: false, kind: err.kind, message: err.message, latencyMs: null }
  } finally {
    await close()
  }
}
