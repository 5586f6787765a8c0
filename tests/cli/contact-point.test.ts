// `check --contact-point` and `--json` deliveries: real files, the local service with a real drop,
// a real HTTP receiver on 127.0.0.1, the real webhook channel (generic JSON v1). A webhook URL
// carries its token in its path, as Slack's do: it must appear nowhere in the output.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { KeychainContactPointSecrets } from '../../src/main/engine/secrets/contact-point-secrets'
import { keychainServiceName } from '../../src/main/engine/secrets/secret-store'
import { defaultSettings } from '../../src/shared/settings-schema'
import { onlyInThrowawayKeyring } from '../shell/throwaway-keyring'
import { WebhookReceiver } from '../support/webhook-receiver'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
const KEY = 'sk-cli-test-0123456789'
const TOKEN = 'T0SECRET/B0SECRET/xoxTOKEN42'
let svc: LocalService
let rx: WebhookReceiver
const dirs = serviceForFile(KEY, (s) => (svc = s))
beforeAll(async () => {
  rx = await WebhookReceiver.start()
})
afterAll(() => rx.close())

/** One check as a user runs it (a child process; the real webhook channel). */
async function check(
  dir: string,
  flags: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string; json: JsonReport }> {
  const args = [
    'check',
    '--json',
    '--base-url',
    svc.url,
    '--symbols',
    'TSLA,NVDA',
    '--data-dir',
    dir,
  ]
  for (const f of flags) args.push('--contact-point', f)
  const r = await cli(args, { LIQUIDITY_API_KEY: KEY, ...env })
  return { code: r.code, out: r.stdout, err: r.stderr, json: JSON.parse(r.stdout) as JsonReport }
}

describe('check --contact-point', () => {
  it(
    'a drop reaches the webhook once; --json lists the delivery; the secret is nowhere',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const hook = `${rx.url}/services/${TOKEN}`
      const flag = '{"kind":"webhook","urlEnv":"HOOK_URL","format":"json"}'
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      try {
        rx.log.length = 0
        rx.answer = () => ({ status: 200 })
        const first = await check(dir, [flag], { HOOK_URL: hook })
        expect(first.json.deliveries).toEqual([])
        const second = await check(dir, [flag], { HOOK_URL: hook })
        expect(second.code).toBe(1)
        const [d] = second.json.deliveries
        expect(second.json.deliveries).toEqual([
          {
            id: expect.stringMatching(/^lw-[0-9a-f]{32}$/),
            eventIds: [expect.any(String)],
            contactPoint: expect.stringMatching(/^cli-webhook-[0-9a-f]{8}$/),
            kind: 'webhook',
            status: 'sent',
            attempts: 1,
            lastError: null,
          },
        ])
        expect(rx.log).toHaveLength(1)
        expect(rx.log[0]!.path).toBe(`/services/${TOKEN}`)
        expect(rx.log[0]!.headers['idempotency-key']).toBe(d!.id)
        expect(JSON.parse(rx.log[0]!.body)).toMatchObject({
          id: d!.id,
          events: [{ symbol: 'NVDA' }],
        })
        // A third run: still firing, nothing new to send.
        const third = await check(dir, [flag], { HOOK_URL: hook })
        expect(third.json.deliveries).toEqual([])
        expect(rx.log).toHaveLength(1)
        for (const r of [first, second, third]) {
          expect(r.out + r.err).not.toContain('SECRET')
          expect(r.out + r.err).not.toContain('xoxTOKEN42')
        }
        // Nor in the data dir's files other than the keychain-free outbox body (which has no URL).
        for (const f of await readdir(dir, { recursive: true })) {
          const text = await readFile(join(dir, f)).catch(() => Buffer.alloc(0))
          expect(text.includes('xoxTOKEN42'), f).toBe(false)
        }
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )

  it(
    'what one check could not send, the next one sends (the same id, once)',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const flag = JSON.stringify({ kind: 'webhook', url: `${rx.url}/later/${TOKEN}` })
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 })
      try {
        rx.log.length = 0
        rx.answer = () => ({ status: 503, body: `down for ${TOKEN}` })
        await check(dir, [flag])
        const down = await check(dir, [flag])
        expect(down.json.deliveries).toEqual([
          expect.objectContaining({
            status: 'queued',
            lastError: expect.stringMatching(/^HTTP 503 Service Unavailable: down for \S+$/),
          }),
        ])
        expect(down.out + down.err).not.toContain('xoxTOKEN42')
        expect(down.json.deliveries[0]!.lastError).not.toMatch(/SECRET|xoxTOKEN/)
        rx.answer = () => ({ status: 200 })
        const back = await check(dir, [flag])
        expect(back.json.deliveries).toEqual([
          expect.objectContaining({ id: down.json.deliveries[0]!.id, status: 'sent' }),
        ])
        const ok = rx.log.filter((r) => r.status === 200)
        expect(ok).toHaveLength(1)
        expect(ok[0]!.headers['idempotency-key']).toBe(down.json.deliveries[0]!.id)
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )

  it(
    'a contact point saved in --data-dir gets the alert, its URL read from the keychain',
    { timeout: T },
    async (ctx) => {
      onlyInThrowawayKeyring(ctx)
      const secrets = new KeychainContactPointSecrets({ service: keychainServiceName(true) })
      await secrets.set('desk-hook', `${rx.url}/saved/${TOKEN}`)
      const dir = await dirs.make()
      await writeFile(
        join(dir, 'settings.json'),
        JSON.stringify({
          ...defaultSettings(),
          contactPoints: [
            {
              id: 'desk-hook',
              name: 'Desk',
              kind: 'webhook',
              isDefault: true,
              urlHint: 'https://…/•••',
            },
          ],
        }),
      )
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      try {
        rx.log.length = 0
        rx.answer = () => ({ status: 200 })
        await check(dir, [])
        const fired = await check(dir, [])
        expect(fired.json.deliveries).toEqual([
          expect.objectContaining({ contactPoint: 'desk-hook', kind: 'webhook', status: 'sent' }),
        ])
        expect(rx.log.map((r) => r.path)).toEqual([`/saved/${TOKEN}`])
        expect(fired.out + fired.err).not.toContain('xoxTOKEN42')
      } finally {
        svc.scenarios.remove(id)
        await secrets.clear('desk-hook')
      }
    },
  )

  it(
    'a plain http:// address to another host is refused before anything runs, without echoing it',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const r = await cli([
        'check',
        '--data-dir',
        dir,
        '--contact-point',
        `{"kind":"webhook","url":"http://hooks.example.com/services/${TOKEN}"}`,
      ])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(
        /^error: --contact-point 1: "url" uses plain http:\/\/ to hooks\.example\.com/m,
      )
      expect(r.stdout + r.stderr).not.toContain('SECRET')
      expect(await readdir(dir)).toEqual([])
    },
  )

  it('a urlEnv naming an unset variable is said plainly', { timeout: T }, async () => {
    const r = await cli([
      'check',
      '--contact-point',
      '{"kind":"webhook","urlEnv":"NO_SUCH_HOOK_VAR"}',
    ])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      'the environment variable NO_SUCH_HOOK_VAR (from "urlEnv") is not set',
    )
  })

  it('check --help documents the flag and the deliveries field', { timeout: T }, async () => {
    const r = await cli(['check', '--help'])
    expect(r.stdout).toContain('--contact-point JSON')
    expect(r.stdout).toContain(
      'deliveries: [{ id, eventIds, contactPoint, kind, status, attempts, lastError }]',
    )
  })
})
