// After the alert state is reset (garbage in alert-state.json), the notice promises "alerts start
// fresh: ones you were already notified of are not notified again" (U4). Proven across a restart on
// one live service: the drop notified before the reset is not notified again; a drop under way but
// never told, and a new drop afterwards, are.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ALERT_STATE_FILE } from '../../src/main/engine/storage/alert-state-store'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, row, tempDir, type Harness } from './helpers'

let h: Harness | null = null
let svc: LocalService | null = null
let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await h?.close()
  await svc?.close()
  await cleanup?.()
  h = svc = cleanup = null
})

describe('alert state reset', () => {
  it('an alert already firing is not notified again; it still shows firing, and the log says why', async () => {
    const clock = new FakeClock()
    svc = await startLocalService({ now: () => clock.date() })
    const t = await tempDir()
    cleanup = t.cleanup
    const settings = { watchlist: ['TSLA', 'NVDA'] }
    h = await harness({ clock, live: svc, dir: t.dir, settings })
    await cycleThenWait(h)
    svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
    await h.core.stop()

    await writeFile(join(t.dir, ALERT_STATE_FILE), 'garbage{')
    h = await harness({ clock, live: svc, dir: t.dir })
    expect(h.core.reports().join('\n')).toMatch(
      /ones you were notified of in the last day are not notified again/,
    )
    for (let i = 0; i < 4; i++) await cycleThenWait(h)
    expect(h.notified).toEqual([])
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    expect((await h.core.getStatus()).firingCount).toBe(1)
    const log = await h.core.getNotificationLog()
    expect(log.map((l) => l.decision)).toContainEqual(
      expect.objectContaining({ status: 'suppressed', reason: 'backfill' }),
    )

    // News after the reset is news: a drop that starts now is notified.
    svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 30, windowDays: 1 })
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'NVDA' }])
  })

  it('a drop under way but never notified before the reset is notified once it confirms', async () => {
    const clock = new FakeClock()
    svc = await startLocalService({ now: () => clock.date() })
    const t = await tempDir()
    cleanup = t.cleanup
    h = await harness({ clock, live: svc, dir: t.dir, settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    // The drop starts just before the state file breaks: pending, never told.
    svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    expect(h.notified).toEqual([])
    await h.core.stop()

    await writeFile(join(t.dir, ALERT_STATE_FILE), 'garbage{')
    h = await harness({ clock, live: svc, dir: t.dir })
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
  })
})
