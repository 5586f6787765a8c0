import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { EnvSecretStore, keychainServiceName } from '../../../src/main/engine/secrets/secret-store'
import { KeytarSecretStore } from '../../../src/main/engine/secrets/secret-store-keytar'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const probeScript = fileURLToPath(new URL('./fixtures/keychain-probe.ts', import.meta.url))
/** A real failed import, as when keytar's native build is absent. */
const MISSING_MODULE = 'keytar-module-that-is-not-installed'
const inCI = process.env.CI === 'true'
const service = `Liquidity Watch (test ${process.pid}-${Date.now()})`

/** null when a Secret Service answers here, else why not. */
async function secretServiceProblem(): Promise<string | null> {
  const status = await new KeytarSecretStore({
    service,
    account: 'probe',
    timeoutMs: 5_000,
  }).status()
  return status.keychainAvailable ? null : status.message
}
const problem = await secretServiceProblem()
if (problem !== null && !inCI) {
  console.warn(`Skipping real-keychain tests: ${problem}. Run them with \`bash scripts/test.sh\`.`)
}

describe('keychainServiceName', () => {
  it('separates release and development entries', () => {
    expect(keychainServiceName(true)).toBe('Liquidity Watch')
    expect(keychainServiceName(false)).toBe('Liquidity Watch (development)')
  })
})

describe('EnvSecretStore', () => {
  it('reads LIQUIDITY_API_KEY and is read-only', async () => {
    const s = new EnvSecretStore({ env: { LIQUIDITY_API_KEY: '  sk-env-1  ' } })
    expect(await s.get()).toBe('sk-env-1')
    expect(await s.status()).toEqual({
      stored: true,
      keychainAvailable: false,
      message: expect.stringMatching(/LIQUIDITY_API_KEY/),
    })
    expect(JSON.stringify(await s.status())).not.toContain('sk-env-1')
    await expect(s.set('x')).rejects.toMatchObject({ kind: 'invalid-argument' })
    await expect(s.clear()).rejects.toMatchObject({ kind: 'invalid-argument' })
    expect(await s.get()).toBe('sk-env-1')
  })

  it('reports no key when the variable is unset or blank', async () => {
    expect(await new EnvSecretStore({ env: {} }).get()).toBeNull()
    expect(await new EnvSecretStore({ env: { LIQUIDITY_API_KEY: ' ' } }).get()).toBeNull()
    expect((await new EnvSecretStore({ env: {} }).status()).stored).toBe(false)
  })
})

describe('KeytarSecretStore without a usable keychain', () => {
  it('a keytar module that cannot load gives keychain-unavailable, never a fallback', async () => {
    const s = new KeytarSecretStore({
      service,
      loadKeytar: () => import(/* @vite-ignore */ MISSING_MODULE),
    })
    await expect(s.set('sk-abc-0123456789')).rejects.toMatchObject({
      kind: 'keychain-unavailable',
      message: expect.stringMatching(/could not be loaded.*will not store your key in plain text/),
    })
    await expect(s.get()).rejects.toMatchObject({ kind: 'keychain-unavailable' })
    await expect(s.clear()).rejects.toMatchObject({ kind: 'keychain-unavailable' })
    expect(await s.status()).toMatchObject({ stored: false, keychainAvailable: false })
  })

  it.skipIf(process.platform !== 'linux')(
    'with no D-Bus session to reach, a real store reports that no Secret Service is running',
    async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', probeScript],
        {
          cwd: root,
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/lw-test-bus' },
        },
      )
      const result = JSON.parse(stdout) as Record<
        string,
        { kind?: string; message?: string } | string
      >
      const noService =
        /^No keychain \(Secret Service\) is running; Liquidity Watch will not store your key in plain text\./
      expect(result.set).toMatchObject({
        kind: 'keychain-unavailable',
        message: expect.stringMatching(noService),
      })
      expect(result.get).toMatchObject({ kind: 'keychain-unavailable' })
      expect(result.status).toMatchObject({
        stored: false,
        keychainAvailable: false,
        message: expect.stringMatching(noService),
      })
      expect(stdout).not.toContain('sk-probe-secret-0001')
    },
  )

  it('refuses an empty or multi-line key before touching the keychain', async () => {
    const s = new KeytarSecretStore({
      service,
      loadKeytar: () => import(/* @vite-ignore */ MISSING_MODULE),
    })
    await expect(s.set('   ')).rejects.toMatchObject({ kind: 'invalid-argument' })
    await expect(s.set('a\nb')).rejects.toMatchObject({ kind: 'invalid-argument' })
  })
})

describe.skipIf(problem !== null && !inCI)('KeytarSecretStore against the real keychain', () => {
  const store = new KeytarSecretStore({ service })
  const other = new KeytarSecretStore({ service: `${service} other` })
  afterAll(async () => {
    await Promise.allSettled([store.clear(), other.clear()])
  })

  it('has a Secret Service to test against', () => {
    expect(problem).toBeNull()
  })

  it('stores, reads, overwrites and clears the key', async () => {
    expect(await store.get()).toBeNull()
    await store.set('  sk-first-0001 ')
    expect(await store.get()).toBe('sk-first-0001')
    expect(await new KeytarSecretStore({ service }).get()).toBe('sk-first-0001')
    await store.set('sk-second-0002')
    expect(await store.get()).toBe('sk-second-0002')
    await store.clear()
    expect(await store.get()).toBeNull()
    await store.clear()
  })

  it('keeps entries of different services apart', async () => {
    await store.set('sk-main-0003')
    expect(await other.get()).toBeNull()
    await other.set('sk-other-0004')
    expect(await store.get()).toBe('sk-main-0003')
    await other.clear()
    expect(await store.get()).toBe('sk-main-0003')
  })

  it('status says whether a key is stored without revealing it', async () => {
    await store.set('sk-status-0005')
    const status = await store.status()
    expect(status).toEqual({ stored: true, keychainAvailable: true, message: null })
    expect(JSON.stringify(status)).not.toContain('sk-status-0005')
    await store.clear()
    expect(await store.status()).toEqual({ stored: false, keychainAvailable: true, message: null })
  })
})
