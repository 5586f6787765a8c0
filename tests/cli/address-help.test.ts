// Messages about the service address tell a CLI user where the CLI takes it from (--base-url, or
// the settings file in the data dir), never the desktop app's Settings screen.
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../client/helpers/test-server'
import { cli, dataDirs } from './run-cli'

const T = 90_000
const dirs = dataDirs()
let server: TestServer | null = null
afterAll(async () => {
  await server?.close()
  await dirs.cleanup()
})

describe('cli check and the service address', () => {
  it(
    'a redirect to another server names --base-url and the settings file, not Settings',
    { timeout: T },
    async () => {
      server = await startTestServer((_req, res) => {
        res.writeHead(302, { location: 'http://127.0.0.2:9/elsewhere' })
        res.end()
      })
      const dir = await dirs.make()
      const r = await cli(
        ['check', '--base-url', server.url, '--symbols', 'TSLA', '--data-dir', dir],
        { LIQUIDITY_API_KEY: 'sk-cli-address-0123456789' },
      )
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/redirected to a different server/)
      expect(r.stderr).toMatch(/--base-url/)
      expect(r.stderr).toContain(join(dir, 'settings.json'))
      expect(r.stderr).not.toMatch(/in Settings/)
    },
  )
})
