// What follows from other facts is derived when shown, not stored: an instance's cooldown follows
// from when it last notified and its rule as it is now; a row's findings about its data are kept in
// memory for the session, never written to alert-state.json as text that would be wrong later.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ALERT_STATE_FILE } from '../../src/main/engine/storage/alert-state-store'
import { cycleThenWait, dropFor, harness, MIN, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('state derived when shown', () => {
  it("an instance's cooldown follows its rule as edited, at once", async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const base = row(await h.core.getWatchlist(), 'TSLA').change7d!.pct
    h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: dropFor(base, -20),
      windowDays: 1,
    })
    for (let i = 0; i < 2; i++) await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    const [firing] = await h.core.getAlertInstances()
    const notifiedAt = Date.parse(firing!.lastNotifiedAt!)
    expect(firing!.cooldownUntil).toBe(new Date(notifiedAt + 60 * MIN).toISOString())

    const [rule] = await h.core.getRules()
    await h.core.saveRule({ ...rule!, cooldownMinutes: 15 })
    const [shorter] = await h.core.getAlertInstances()
    expect(shorter!.cooldownUntil).toBe(new Date(notifiedAt + 15 * MIN).toISOString())
    await h.core.saveRule({ ...rule!, cooldownMinutes: 0 })
    expect((await h.core.getAlertInstances())[0]!.cooldownUntil).toBeNull()
  })

  it('findings are shown between polls but not written to the state file', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    await cycleThenWait(h)
    const missing = expect.stringMatching(/^issuer Ondo missing from the latest data since 12:05/)
    expect(row(await h.core.getWatchlist(), 'TSLA').problems).toContainEqual(missing)
    const file = await readFile(join(h.dir, ALERT_STATE_FILE), 'utf8')
    expect(file).not.toContain('missing from the latest data')
    // The facts they come from are kept: the absence is still known after a restart.
    expect(JSON.parse(file).state.baselines.TSLA.missing).not.toEqual({})
  })
})
