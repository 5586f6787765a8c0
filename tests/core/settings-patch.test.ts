// updateSettings takes a partial patch: what it names changes, everything else stays as saved —
// also inside `notifications`, whose fields the renderer may send one at a time.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import type { Settings } from '../../src/shared/settings-schema'
import { harness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const onDisk = (dir: string): Settings =>
  JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Settings

describe('a partial notifications patch', () => {
  it('turning notifications off keeps the opt-in for figures that disagree', async () => {
    h = await harness({ settings: { notifications: { enabled: true, notifyUnverified: true } } })
    const after = await h.core.updateSettings({ notifications: { enabled: false } })
    expect(after.notifications).toEqual({ enabled: false, notifyUnverified: true })
    expect((await h.core.getSettings()).notifications).toEqual({
      enabled: false,
      notifyUnverified: true,
    })
    expect(onDisk(h.dir).notifications).toEqual({ enabled: false, notifyUnverified: true })
  })

  it('changing the opt-in alone keeps notifications on or off as they were', async () => {
    h = await harness({ settings: { notifications: { enabled: false, notifyUnverified: false } } })
    const after = await h.core.updateSettings({ notifications: { notifyUnverified: true } })
    expect(after.notifications).toEqual({ enabled: false, notifyUnverified: true })
    expect(onDisk(h.dir).notifications).toEqual({ enabled: false, notifyUnverified: true })
  })

  it('through the IPC handler table (the renderer’s way in) a one-field patch keeps the other', async () => {
    h = await harness({ settings: { notifications: { enabled: true, notifyUnverified: true } } })
    const table = createIpcHandlers(h.core)
    const r = await table.updateSettings([{ notifications: { enabled: false } }])
    expect(r).toMatchObject({
      ok: true,
      value: { notifications: { enabled: false, notifyUnverified: true } },
    })
    expect(onDisk(h.dir).notifications).toEqual({ enabled: false, notifyUnverified: true })
  })

  it('a patch of other settings leaves notifications alone', async () => {
    h = await harness({ settings: { notifications: { enabled: false, notifyUnverified: true } } })
    await h.core.updateSettings({ intervalMinutes: 30 })
    expect((await h.core.getSettings()).notifications).toEqual({
      enabled: false,
      notifyUnverified: true,
    })
  })
})
