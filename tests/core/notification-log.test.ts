// The notification decision log survives a restart: bounded, newest first, written atomically.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_LOG_FILE, NOTIFICATION_LOG_SIZE } from '../../src/main/core/notification-log'
import { harness, tempDir, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('notification log persistence', () => {
  it('is loaded again by a new core on the same data dir', async () => {
    h = await harness()
    await h.core.sendTestNotification()
    await h.core.updateSettings({ notifications: { enabled: false, notifyUnverified: false } })
    await h.core.sendTestNotification()
    const before = await h.core.getNotificationLog()
    expect(before.map((l) => l.decision.status)).toEqual(['suppressed', 'sent'])
    const { dir, clock } = h
    await h.core.stop()
    const again = await harness({ dir, clock })
    try {
      expect(await again.core.getNotificationLog()).toEqual(before)
      expect(again.core.reports()).toEqual([])
    } finally {
      await again.close()
    }
  })

  it(`keeps the newest ${NOTIFICATION_LOG_SIZE} on disk and in memory`, async () => {
    h = await harness()
    for (let i = 0; i < NOTIFICATION_LOG_SIZE + 5; i++) {
      h.clock.jump(1000)
      await h.core.sendTestNotification()
    }
    const log = await h.core.getNotificationLog()
    expect(log).toHaveLength(NOTIFICATION_LOG_SIZE)
    expect(log[0]!.at).toBe(h.clock.date().toISOString())
    const file = JSON.parse(await readFile(join(h.dir, NOTIFICATION_LOG_FILE), 'utf8')) as {
      items: unknown[]
    }
    expect(file.items).toEqual(log)
    expect(
      (await readdir(h.dir)).filter(
        (n) => n.includes('.tmp') || n.includes(NOTIFICATION_LOG_FILE + '.'),
      ),
    ).toEqual([])
  })

  it('sets an unreadable file aside with a report and starts empty', async () => {
    const { dir, cleanup } = await tempDir()
    try {
      await writeFile(join(dir, NOTIFICATION_LOG_FILE), '{"version":1,"items":[{"at":"yesterday"')
      h = await harness({ dir })
      expect(await h.core.getNotificationLog()).toEqual([])
      expect(h.core.reports().join(' ')).toMatch(
        /notification log \/.*\/notification-log\.json could not be read \(not valid JSON\).*kept as \/.*\/notification-log\.json\.corrupt-/,
      )
      await h.core.sendTestNotification()
      expect(await h.core.getNotificationLog()).toHaveLength(1)
    } finally {
      await h?.close()
      h = null
      await cleanup()
    }
  })
})
