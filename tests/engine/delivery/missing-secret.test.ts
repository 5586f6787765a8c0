// A saved contact point whose secret is missing (a config-file webhook naming urlEnv on a server
// where that variable is unset) is not parked in silence: each try is a failed attempt with the
// reason as lastError, counted, retried with back-off, logged once for the contact point; once the
// variable is set, the next try sends it. Real outbox (SQLite), real receiver, the FakeClock.
import { describe, expect, it } from 'vitest'
import { Delivery } from '../../../src/main/engine/delivery/delivery'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import { message, webhookPoint } from './delivery-fixtures'
import { MIN, outboxSetup, useCleanups } from './outbox-setup'

const cleanups = useCleanups()

describe('delivery: a missing secret', () => {
  it('is a failed, counted attempt logged once; sent once the variable is set', async () => {
    const { clock, outbox, rx } = await outboxSetup(cleanups)
    const env: NodeJS.ProcessEnv = {}
    const lines: string[] = []
    const point = webhookPoint('hook', { urlEnv: 'HOOK_URL', isDefault: true })
    const delivery = new Delivery({
      outbox,
      clock,
      channelFor,
      secrets: null,
      settings: () => ({ contactPoints: [point], rules: [], deliveryMaxAgeHours: 24 }),
      env,
      random: () => 0,
      log: (l) => lines.push(l),
    })
    cleanups.push(() => delivery.close())
    outbox.enqueue([message('hook', 1, clock.date())])
    delivery.kick()
    await delivery.settled()
    const [r] = outbox.list(1)
    expect(r).toMatchObject({ status: 'queued', attempts: 1 })
    expect(r!.lastError).toContain('the environment variable HOOK_URL (urlEnv) is not set')
    expect(outbox.failuresByContactPoint()).toEqual({ hook: 1 })
    expect(lines).toEqual([
      expect.stringMatching(/^Not sent: the environment variable HOOK_URL .* contact point hook /),
    ])

    // Tried again by itself (no poll): still missing, still said only once.
    await clock.advance(clock.pending()[0]! - clock.now())
    await delivery.settled()
    expect(outbox.list(1)[0]).toMatchObject({ status: 'queued', attempts: 2 })
    expect(lines).toHaveLength(1)

    env.HOOK_URL = `${rx.url}/hook`
    await clock.advance(30 * MIN)
    await delivery.settled()
    expect(outbox.list(1)[0]).toMatchObject({ status: 'sent' })
    expect(rx.log).toHaveLength(1)
  })
})
