// The handler table is the renderer's only way in: bad input never reaches the core, good input
// reaches it unchanged, and failures come back as {kind, message} without stacks or secrets.
import { describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { IPC_METHODS, type IpcCore } from '../../src/main/ipc/core-types'
import type { IpcMethod } from '../../src/shared/ipc-channels'
import { LiquidityError } from '../../src/shared/errors'
import { isAllowedExternalUrl } from '../../src/main/shell/open-external'
import { FIXTURE_LINK_HOSTS, VALID_ARGS } from './fixtures'
import { recordingCore } from './recording-core'

const MB = 'x'.repeat(1024 * 1024)
/** The real allow-list check with the fixture link's host on it (the default list is empty). */
const withFixtureLinks = {
  isAllowedExternalUrl: (u: string) => isAllowedExternalUrl(u, FIXTURE_LINK_HOSTS),
}
const polluted = (json: string): unknown => JSON.parse(json)
const withKey = (base: object, key: string, value: unknown = 1): unknown => ({
  ...base,
  [key]: value,
})

/** Method-specific bad arguments (each list is a full argument list). */
const BAD_ARGS: { [M in IpcMethod]?: [label: string, args: unknown[]][] } = {
  addSymbol: [
    ['number', [42]],
    ['null', [null]],
    ['empty', ['']],
    ['1 MB string', [MB]],
    ['spaces', ['TS LA']],
    ['object', [{ symbol: 'TSLA' }]],
  ],
  removeSymbol: [
    ['1 MB string', [MB]],
    ['array', [['TSLA']]],
  ],
  setVisibleSymbols: [
    ['bare string', ['TSLA']],
    ['a symbol with spaces', [['TS LA']]],
    ['more than a watchlist holds', [Array.from({ length: 5001 }, () => 'TSLA')]],
    ['null', [null]],
  ],
  getAsset: [
    ['1 MB string', [MB]],
    ['path traversal', ['../etc']],
    ['undefined', [undefined]],
  ],
  getAssetSeries: [
    ['days as string', ['TSLA', '30']],
    ['NaN days', ['TSLA', NaN]],
    ['Infinity days', ['TSLA', Infinity]],
    ['fractional days', ['TSLA', 1.5]],
    ['zero days', ['TSLA', 0]],
    ['days > 365', ['TSLA', 366]],
  ],
  getAnalytics: [
    ['unexpected key', [{ groupBy: 'total', assetType: 'stock', days: 7, extra: true }]],
    [
      '__proto__ key',
      [polluted('{"groupBy":"total","assetType":"stock","days":7,"__proto__":{"x":1}}')],
    ],
    [
      'constructor key',
      [withKey({ groupBy: 'total', assetType: 'stock', days: 7 }, 'constructor', {})],
    ],
    ['bad enum', [{ groupBy: 'everything', assetType: 'stock', days: 7 }]],
    ['missing days', [{ groupBy: 'total', assetType: 'stock' }]],
    ['1 MB issuer', [{ groupBy: 'issuer', assetType: 'stock', days: 7, issuer: MB }]],
    ['1 MB key', [withKey({ groupBy: 'total', assetType: 'stock', days: 7 }, MB)]],
    ['Map', [new Map([['groupBy', 'total']])]],
  ],
  saveRule: [
    [
      '__proto__ in overrides',
      [
        {
          ...(VALID_ARGS.saveRule[0] as object),
          overrides: polluted('{"__proto__":{"enabled":true}}'),
        },
      ],
    ],
    ['unexpected key', [withKey(VALID_ARGS.saveRule[0] as object, 'admin')]],
    [
      'NaN threshold',
      [{ ...(VALID_ARGS.saveRule[0] as object), condition: { kind: 'tvl-below', amount: NaN } }],
    ],
    ['string', ['rule']],
  ],
  deleteRule: [
    ['1 MB string', [MB]],
    ['number', [1]],
  ],
  snooze: [
    ['negative minutes', [{ ruleId: 'r', symbol: null, minutes: -1 }]],
    ['Infinity minutes', [{ ruleId: 'r', symbol: null, minutes: Infinity }]],
    ['prototype key', [withKey({ ruleId: 'r', symbol: null, minutes: 5 }, 'prototype')]],
  ],
  getAlertHistory: [
    ['unexpected key', [{ symbol: 'TSLA', all: true }]],
    ['limit too big', [{ limit: 100000 }]],
  ],
  updateSettings: [
    ['version change', [{ version: 2 }]],
    ['rules smuggled in', [{ rules: [] }]],
    ['__proto__ key', [polluted('{"__proto__":{"notifications":{"enabled":false}}}')]],
    ['NaN interval', [{ intervalMinutes: NaN }]],
    ['javascript: baseUrl', [{ baseUrl: 'javascript:alert(1)'.padEnd(3000, 'x') }]],
    [
      'a pause set directly (pauseNotifications bounds it)',
      [{ notificationsPausedUntil: '9999-12-31T00:00:00Z' }],
    ],
    ['ftp: baseUrl', [{ baseUrl: 'ftp://files.example.com' }]],
    ['plain http baseUrl to another host', [{ baseUrl: 'http://api.example.com' }]],
    ['baseUrl with credentials', [{ baseUrl: 'https://me:pw@api.example.com' }]],
  ],
  setApiKey: [
    ['too short', ['short']],
    ['1 MB key', [MB]],
    ['control chars', ['abc\ndefghij']],
    ['number', [12345678]],
  ],
  testConnection: [
    ['javascript: URL', [{ baseUrl: 'javascript:alert(1)' }]],
    ['file: URL', [{ baseUrl: 'file:///etc/passwd' }]],
    ['not a URL', [{ baseUrl: 'not a url' }]],
    ['bare string', ['https://api.example.com']],
    ['unexpected key', [{ baseUrl: null, key: 'sk_live_0123456789abcdef' }]],
    ['apiKey too short', [{ baseUrl: 'https://api.example.com', apiKey: 'x' }]],
    ['apiKey with a space', [{ baseUrl: 'https://api.example.com', apiKey: 'sk live 0123456' }]],
    ['ftp: URL', [{ baseUrl: 'ftp://files.example.com' }]],
    ['plain http to another host', [{ baseUrl: 'http://api.example.com' }]],
    ['credentials in the URL', [{ baseUrl: 'https://me:pw@api.example.com' }]],
  ],
  pauseNotifications: [
    ['NaN', [NaN]],
    ['Infinity', [Infinity]],
    ['string', ['60']],
    ['too long', [60 * 24 + 1]],
  ],
  openExternal: [
    ['javascript: URL', ['javascript:alert(1)']],
    ['data: URL', ['data:text/html,<script>alert(1)</script>']],
    ['file: URL', ['file:///etc/passwd']],
    ['http (not https)', ['http://docs.example.org/']],
    ['host not allowed', ['https://evil.example/']],
    ['a former placeholder host', ['https://github.com/liquidity-watch']],
    ['lookalike host', ['https://docs.example.org.evil.example/']],
    ['credentials', ['https://user:pw@docs.example.org/']],
    ['custom port', ['https://docs.example.org:8443/']],
    ['not a URL', ['docs.example.org']],
    ['1 MB URL', [`https://docs.example.org/${MB}`]],
  ],
}

function arityCases(m: IpcMethod): [string, unknown[]][] {
  const valid = VALID_ARGS[m]
  const cases: [string, unknown[]][] = [['one extra argument', [...valid, 'extra']]]
  if (valid.length > 0) cases.push(['one argument missing', valid.slice(0, -1)])
  return cases
}

const allBad = IPC_METHODS.flatMap((m) =>
  [...arityCases(m), ...(BAD_ARGS[m] ?? [])].map(([label, args]) => ({ m, label, args })),
)

describe('IPC handlers reject bad input before the core', () => {
  it.each(allBad)('$m: $label → invalid-argument', async ({ m, args }) => {
    const rec = recordingCore()
    const result = await createIpcHandlers(rec.core, withFixtureLinks)[m](args)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('invalid-argument')
    expect(rec.calls).toEqual([])
    // Names the argument (or the arity), never echoes big input.
    expect(result.error.message).toMatch(/argument|takes \d argument/)
    expect(result.error.message.length).toBeLessThan(300)
    expect(result.error.message).not.toContain('x'.repeat(100))
  })

  it('rejects a non-array argument list', async () => {
    const rec = recordingCore()
    const result = await createIpcHandlers(rec.core).getStatus('nope' as unknown as unknown[])
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
    expect(rec.calls).toEqual([])
  })

  it('names the offending argument and field', async () => {
    const rec = recordingCore()
    const result = await createIpcHandlers(rec.core).getAssetSeries(['TSLA', 'soon'])
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('argument 2 (days)') },
    })
    const nested = await createIpcHandlers(rec.core).getAnalytics([
      { groupBy: 'total', assetType: 'stock', days: 7, x: 1 },
    ])
    expect(nested).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/argument 1 \(query\).*"x"/) },
    })
  })

  it('leaves the prototype of Object untouched', async () => {
    const rec = recordingCore()
    await createIpcHandlers(rec.core).updateSettings([polluted('{"__proto__":{"polluted":true}}')])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

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
