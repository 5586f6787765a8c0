// The CLI follows the key's binding when it uses the keychain key, and sends LIQUIDITY_API_KEY
// (the user's explicit choice for this run) to the service of the run. Proven by what each local
// service received. The keychain entry written here is the installed app's, so the keychain tests
// run only inside scripts/with-keyring.sh's throwaway keyring.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keychainServiceName } from '../../src/main/engine/secrets/secret-store'
import { KeytarSecretStore } from '../../src/main/engine/secrets/secret-store-keytar'
import { settingsFilePath } from '../../src/main/engine/settings/settings-store'
import { sent, servicesPerTest } from '../service/helpers'
import { onlyInThrowawayKeyring } from '../shell/throwaway-keyring'
import { cli, dataDirs } from './run-cli'

const KEY = 'sk-cli-bound-0123456789abcdef'
const dirs = dataDirs()
const service = servicesPerTest({ apiKey: KEY })
afterAll(() => dirs.cleanup())

describe('check and the key binding', () => {
  it('LIQUIDITY_API_KEY goes to the service of the run', async () => {
    const b = await service()
    const run = await cli(
      ['check', '--json', '--base-url', b.url, '--data-dir', await dirs.make()],
      {
        LIQUIDITY_API_KEY: KEY,
      },
    )
    expect(run.stderr).not.toMatch(/was entered for/)
    expect(sent(b).length).toBeGreaterThan(0)
    expect(new Set(sent(b))).toEqual(new Set([`Bearer ${KEY}`]))
  })

  it('the keychain key goes only to the service it was entered for; --base-url elsewhere says so and sends nothing', async (ctx) => {
    onlyInThrowawayKeyring(ctx)
    const a = await service()
    const b = await service()
    const store = new KeytarSecretStore({ service: keychainServiceName(true), timeoutMs: 5_000 })
    await store.set(KEY, a.url)
    try {
      const other = await cli(['check', '--base-url', b.url, '--data-dir', await dirs.make()])
      expect(sent(b)).toEqual([])
      expect(other.code).toBe(2)
      expect(other.stderr).toContain(`The saved API key was entered for ${a.url}`)
      expect(other.stderr).toMatch(/LIQUIDITY_API_KEY/)
      const own = await cli(['check', '--base-url', a.url, '--data-dir', await dirs.make()])
      expect(own.stderr).not.toMatch(/was entered for/)
      expect(new Set(sent(a))).toEqual(new Set([`Bearer ${KEY}`]))
    } finally {
      await store.clear()
    }
  })

  it("a key from before binding is not bound by the CLI (its settings are not the app's): nothing is sent, the entry is left as it was", async (ctx) => {
    onlyInThrowawayKeyring(ctx)
    const b = await service()
    const store = new KeytarSecretStore({ service: keychainServiceName(true), timeoutMs: 5_000 })
    // The old format: the bare key, entered in the app for a service the CLI does not know.
    const keytar = (await import('keytar')).default
    await keytar.setPassword(store.service, store.account, KEY)
    try {
      // The CLI's own data folder has B saved as its service.
      const dir = await dirs.make()
      await mkdir(dirname(settingsFilePath(dir)), { recursive: true })
      await writeFile(settingsFilePath(dir), JSON.stringify({ baseUrl: b.url }))
      const run = await cli(['check', '--symbols', 'TSLA', '--data-dir', dir])
      expect(sent(b)).toEqual([])
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/LIQUIDITY_API_KEY/)
      // Still the bare key: the app binds it to its own saved service at its next start.
      expect(await keytar.getPassword(store.service, store.account)).toBe(KEY)
    } finally {
      await store.clear()
    }
  })
})
