// The poll's log line reads as a sentence: one symbol is "1 symbol", one failed request "1 failed
// request" (the JSON fields keep their numbers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { startDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-words-key-7731'
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
})
afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon poll line', () => {
  it('says "1 symbol" for a watchlist of one', { timeout: 60_000 }, async () => {
    const d = await startDaemon({
      dataDir: await dirs.make(),
      baseUrl: svc.url,
      key: KEY,
      args: ['--symbols', 'TSLA'],
    })
    try {
      const [line] = await d.polls(1)
      expect(line).toMatchObject({ event: 'poll', ok: true, symbols: 1 })
      expect(line!.msg).toMatch(/^poll ok: 1 symbol, 0 firing, 0 pending, 0 failed requests, /)
    } finally {
      expect(await d.stop()).toBe(0)
    }
  })
})
