// The handler table is the renderer's only way in: bad input never reaches the core. Every
// method's wrong arity, and method-specific bad arguments, come back as invalid-argument.
import { describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { IPC_METHODS } from '../../src/main/ipc/core-types'
import type { IpcMethod } from '../../src/shared/ipc-channels'
import { VALID_ARGS, webhookPoint, withFixtureLinks } from './fixtures'
import { recordingCore } from './recording-core'

const MB = 'x'.repeat(1024 * 1024)
const polluted = (json: string): unknown => JSON.parse(json)
const withKey = (base: object, key: string, value: unknown = 1): unknown => ({
  ...base,
  [key]: value,
})

/** Method-specific bad arguments (each list is a full argument list). */
const BAD_ARGS: { [M in IpcMethod]?: [label: string, args: unknown[]][] } = {
  // The import to apply is named by main's token, never by a path main would read.
  applyConfigImport: [
    ['a file path', ['/etc/passwd']],
    ['a home path', ['~/.ssh/id_rsa']],
    ['number', [1]],
    ['object', [{ token: '0b6f3c1e-8a2d-4c5e-9f10-1a2b3c4d5e6f' }]],
    ['1 MB string', [MB]],
  ],
  cancelConfigImport: [
    ['a file path', ['C:\\Users\\me\\config.yaml']],
    ['null', [null]],
  ],
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
  getWatchlistPage: [
    ['bare number', [40]],
    ['negative start', [{ start: -1, count: 40 }]],
    ['zero count', [{ start: 0, count: 0 }]],
    ['count beyond a watchlist', [{ start: 0, count: 5001 }]],
    ['unexpected key', [{ start: 0, count: 40, sortBy: 'tvl' }]],
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
  getAssetShares: [
    ['path traversal', ['../etc']],
    ['1 MB string', [MB]],
    ['number', [42]],
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
  backtestRule: [
    [
      'unknown condition kind',
      [{ ...(VALID_ARGS.backtestRule[0] as object), condition: { kind: 'everything' } }],
    ],
    [
      'no symbols',
      [{ ...(VALID_ARGS.backtestRule[0] as object), scope: { kind: 'symbols', symbols: [] } }],
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
  saveContactPoint: [
    ['unknown kind', [{ ...webhookPoint, kind: 'pager' }]],
    ['a secret smuggled in as a field', [withKey(webhookPoint, 'url', 'https://hooks.example/x')]],
    ['id with a slash', [{ ...webhookPoint, id: '../keychain' }]],
    ['bad format', [{ ...webhookPoint, format: 'html' }]],
    ['bad quiet hours', [{ ...webhookPoint, quietHours: { start: '25:00', end: '07:00' } }]],
    ['1 MB template', [{ ...webhookPoint, template: { title: MB, body: null } }]],
    ['__proto__ key', [polluted('{"__proto__":{"kind":"webhook"}}')]],
  ],
  removeContactPoint: [
    ['upper case id', ['Team']],
    ['number', [1]],
  ],
  setContactPointSecret: [
    ['empty secret', ['team-slack', '']],
    ['1 MB secret', ['team-slack', MB]],
    ['secret as object', ['team-slack', { url: 'https://x' }]],
    ['bad id', ['../x', 'https://hooks.example/x']],
  ],
  testContactPoint: [['bad id', ['Team Slack']]],
  previewTemplate: [
    ['template as string', ['team-slack', '{{ symbol }}']],
    ['unexpected key', ['team-slack', { title: null, body: null, html: 'x' }]],
    ['10 kB body', ['team-slack', { title: null, body: 'x'.repeat(10_000) }]],
    [
      'draft with unknown kind',
      [
        { ...webhookPoint, kind: 'pager' },
        { title: null, body: null },
      ],
    ],
  ],
  getDeliveryLog: [
    ['zero', [0]],
    ['too many', [100_000]],
    ['string', ['50']],
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
