// The key from a mounted secret file (LIQUIDITY_WATCH_API_KEY_FILE), as Docker and systemd pass it:
// the daemon polls with it and never logs it; a file that is not there is one plain line, exit 2.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { spawnDaemon, startDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-key-file-8840'
const dirs = dataDirs()
let svc: LocalService

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY })
})
afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon key file', () => {
  it(
    'reads the key from LIQUIDITY_WATCH_API_KEY_FILE and never logs it',
    { timeout: 60_000 },
    async () => {
      const dir = await dirs.make()
      const file = join(dir, 'key')
      writeFileSync(file, `${KEY}\n`)
      const d = await startDaemon({
        dataDir: join(dir, 'data'),
        baseUrl: svc.url,
        key: '',
        args: ['--symbols', 'TSLA'],
        env: { LIQUIDITY_WATCH_API_KEY_FILE: file },
      })
      const [poll] = await d.polls(1)
      expect(poll).toMatchObject({ ok: true })
      expect(await d.stop()).toBe(0)
      expect(d.output()).not.toContain(KEY)
    },
  )

  it('says plainly when the file cannot be read', { timeout: 60_000 }, async () => {
    const dir = await dirs.make()
    const missing = join(dir, 'no-such-key')
    const r = spawnDaemon({
      dataDir: dir,
      baseUrl: svc.url,
      key: '',
      env: { LIQUIDITY_WATCH_API_KEY_FILE: missing },
    })
    expect(await r.exited).toBe(2)
    expect(r.output()).toBe(
      `error: LIQUIDITY_WATCH_API_KEY_FILE names ${missing}, which cannot be read (ENOENT). Mount the key file there, or unset LIQUIDITY_WATCH_API_KEY_FILE.\n`,
    )
  })
})
