// The handler table is the renderer's only way in: good input reaches the core unchanged, links
// open only when allowed, and failures come back as {kind, message} without stacks or secrets.
// Bad input is in handlers-bad-input.test.ts.
import { describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { IPC_METHODS, type IpcCore } from '../../src/main/ipc/core-types'
import type { IpcMethod } from '../../src/shared/ipc-channels'
import { LiquidityError } from '../../src/shared/errors'
import { VALID_ARGS, withFixtureLinks } from './fixtures'
import { recordingCore } from './recording-core'

describe('IPC handlers pass valid input through', () => {
  it.each(IPC_METHODS)('%s calls the core once with the same arguments', async (m) => {
    const rec = recordingCore()
    const result = await createIpcHandlers(rec.core, withFixtureLinks)[m](
      structuredClone(VALID_ARGS[m]),
    )
    expect(result).toEqual({ ok: true, value: { answeredBy: m } })
    expect(rec.calls).toEqual([{ method: m, args: VALID_ARGS[m] }])
  })

  it('opens links the caller allows', async () => {
    const rec = recordingCore()
    const table = createIpcHandlers(rec.core, {
      isAllowedExternalUrl: (u) => u.startsWith('https://docs.example.com/'),
    })
    expect((await table.openExternal(['https://docs.example.com/a'])).ok).toBe(true)
    expect((await table.openExternal(['https://github.com/'])).ok).toBe(false)
    expect(rec.calls).toHaveLength(1)
  })

  it('hands allowed links to the injected opener instead of the core', async () => {
    const rec = recordingCore()
    const opened: string[] = []
    const table = createIpcHandlers(rec.core, {
      isAllowedExternalUrl: (u) => u.startsWith('https://docs.example.com/'),
      openExternal: (url) => {
        opened.push(url)
        return Promise.resolve()
      },
    })
    expect(await table.openExternal(['https://docs.example.com/a'])).toEqual({
      ok: true,
      value: undefined,
    })
    expect((await table.openExternal(['https://github.com/'])).ok).toBe(false)
    expect(opened).toEqual(['https://docs.example.com/a'])
    expect(rec.calls).toEqual([])
  })

  it('opens no link when the caller gives no allow-list', async () => {
    const rec = recordingCore()
    const result = await createIpcHandlers(rec.core).openExternal(['https://docs.example.org/'])
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
    expect(rec.calls).toEqual([])
  })
})

describe('IPC handlers wrap core failures', () => {
  it('keeps kind, message, status and retryAfterMs of a LiquidityError, nothing else', async () => {
    const rec = recordingCore()
    rec.failWith(
      'refreshNow',
      new LiquidityError('rate-limited', 'slow down', {
        status: 429,
        retryAfterMs: 3000,
        cause: new Error('inner'),
      }),
    )
    const result = await createIpcHandlers(rec.core).refreshNow([])
    expect(result).toEqual({
      ok: false,
      error: { kind: 'rate-limited', message: 'slow down', status: 429, retryAfterMs: 3000 },
    })
  })

  it('turns unknown errors into internal without a stack', async () => {
    const rec = recordingCore()
    const boom = new TypeError('cannot read x')
    rec.failWith('getStatus', boom)
    const seen: unknown[] = []
    const result = await createIpcHandlers(rec.core, {
      onError: (_m, e) => seen.push(e),
    }).getStatus([])
    expect(result).toEqual({ ok: false, error: { kind: 'internal', message: 'cannot read x' } })
    expect(JSON.stringify(result)).not.toContain('at ')
    expect(seen).toEqual([boom]) // the main log still gets the whole error
  })

  it('drops a stack embedded in a message and non-Error throws', async () => {
    const rec = recordingCore()
    rec.failWith('getRules', new Error(`bad\n    at secret (/home/me/app.js:1:1)`))
    rec.failWith('getSettings', 'plain string')
    const table = createIpcHandlers(rec.core)
    expect(await table.getRules([])).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'bad' },
    })
    expect(await table.getSettings([])).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'plain string' },
    })
  })

  it('never returns a key typed for a connection test, even when the core puts it in a message', async () => {
    const rec = recordingCore()
    const key = 'sk_typed_for_test_0123456789'
    rec.failWith('testConnection', new LiquidityError('auth', `refused ${key}`))
    const result = await createIpcHandlers(rec.core).testConnection([
      { baseUrl: 'https://api.example.com', apiKey: key },
    ])
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } })
    expect(JSON.stringify(result)).not.toContain(key)
  })

  it('never returns the API key, even when the core puts it in a message', async () => {
    const rec = recordingCore()
    const key = VALID_ARGS.setApiKey[0] as string
    rec.failWith('setApiKey', new LiquidityError('keychain-unavailable', `could not store ${key}`))
    const result = await createIpcHandlers(rec.core).setApiKey([key])
    expect(result).toMatchObject({ ok: false, error: { kind: 'keychain-unavailable' } })
    expect(JSON.stringify(result)).not.toContain(key)
  })
})

describe('IPC handlers call a class-based core as methods', () => {
  /** Every method reads instance state through `this`, as AppCore does. */
  class ClassCore {
    readonly calls: { method: IpcMethod; args: unknown[] }[] = []
    private readonly tag = 'instance'
    constructor() {
      for (const m of IPC_METHODS) {
        Object.defineProperty(ClassCore.prototype, m, {
          configurable: true,
          value: function (this: ClassCore, ...args: unknown[]) {
            this.calls.push({ method: m, args })
            return Promise.resolve({ answeredBy: m, tag: this.tag })
          },
        })
      }
    }
  }

  it.each(IPC_METHODS)('%s reaches the instance with `this` bound', async (m) => {
    const core = new ClassCore()
    const table = createIpcHandlers(core as unknown as IpcCore, withFixtureLinks)
    expect(await table[m](structuredClone(VALID_ARGS[m]))).toEqual({
      ok: true,
      value: { answeredBy: m, tag: 'instance' },
    })
    expect(core.calls).toEqual([{ method: m, args: VALID_ARGS[m] }])
  })
})
