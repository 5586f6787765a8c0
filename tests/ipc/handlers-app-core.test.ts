// The handler table over the real AppCore (a class instance), not only over plain-function cores.
import { afterEach, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { harness, type Harness } from '../core/helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

it('createIpcHandlers(appCore) calls the core as methods: status, watchlist, refresh and settings answer', async () => {
  h = await harness({ settings: { watchlist: ['TSLA'] } })
  const table = createIpcHandlers(h.core)
  expect(await table.getStatus([])).toMatchObject({ ok: true, value: { mode: 'demo' } })
  expect(await table.refreshNow([])).toMatchObject({ ok: true, value: { lastError: null } })
  expect(await table.getWatchlist([])).toMatchObject({ ok: true, value: [{ symbol: 'TSLA' }] })
  expect(await table.getSettings([])).toMatchObject({ ok: true, value: { watchlist: ['TSLA'] } })
  expect(await table.getAsset(['TSLA'])).toMatchObject({ ok: true, value: { fromCache: false } })
})
