// The --contact-point parser (the daemon reuses it): secrets from the JSON or the environment,
// the transport rule, stable ids, and messages that never quote a secret.
import { describe, expect, it } from 'vitest'
import { parseContactPointFlag } from '../../src/main/cli/contact-point-flag'

const SECRET = 'https://hooks.example.com/services/T0/B0/TOPSECRET42'
const parse = (json: unknown, env: Record<string, string> = {}) =>
  parseContactPointFlag(
    '--contact-point 1',
    typeof json === 'string' ? json : JSON.stringify(json),
    env,
  )

describe('--contact-point JSON', () => {
  it('takes the webhook URL from the environment variable it names, and keeps it out of the point', () => {
    const r = parse({ kind: 'webhook', urlEnv: 'HOOK', format: 'slack' }, { HOOK: SECRET })
    expect(r.secret).toBe(SECRET)
    expect(r.point).toMatchObject({
      kind: 'webhook',
      format: 'slack',
      isDefault: true,
      enabled: true,
    })
    expect(JSON.stringify(r.point)).not.toContain('TOPSECRET42')
  })

  it('gives the same flag the same id in every run, another URL another id', () => {
    const a = parse({ kind: 'webhook', url: SECRET })
    const b = parse({ kind: 'webhook', url: SECRET })
    const c = parse({ kind: 'webhook', url: `${SECRET}x` })
    expect(a.point.id).toMatch(/^cli-webhook-[0-9a-f]{8}$/)
    expect(a.point.id).toBe(b.point.id)
    expect(c.point.id).not.toBe(a.point.id)
    expect(parse({ kind: 'webhook', url: SECRET, id: 'slack-ops' }).point.id).toBe('slack-ops')
  })

  it('ntfy: the token from tokenEnv; alertmanager over http to this computer', () => {
    const n = parse({ kind: 'ntfy', topic: 'lw-alerts', tokenEnv: 'NTFY' }, { NTFY: 'tk_secret' })
    expect(n).toMatchObject({
      secret: 'tk_secret',
      point: { kind: 'ntfy', server: 'https://ntfy.sh' },
    })
    const am = parse({ kind: 'alertmanager', url: 'http://127.0.0.1:9093' })
    expect(am).toMatchObject({
      secret: null,
      point: { kind: 'alertmanager', url: 'http://127.0.0.1:9093' },
    })
  })

  it.each([
    [
      { kind: 'webhook', url: 'http://hooks.example.com/services/TOPSECRET42' },
      /"url" uses plain http:\/\/ to hooks\.example\.com/,
    ],
    [{ kind: 'webhook', url: 'ftp://x/TOPSECRET42' }, /"url" must start with https:\/\//],
    [{ kind: 'webhook', url: 'not a url TOPSECRET42' }, /"url" is not a web address/],
    [{ kind: 'webhook' }, /a webhook needs "url", or "urlEnv"/],
    [
      { kind: 'pager', url: SECRET },
      /"kind" should be one of desktop, webhook, ntfy, email, alertmanager/,
    ],
    [{ kind: 'webhook', url: SECRET, format: 'irc' }, /format/],
    [`{"kind":"webhook","url":"${SECRET}"`, /is not valid JSON/],
    [{ kind: 'alertmanager', url: 'http://am.example.com:9093' }, /plain http:\/\//],
  ])('refuses %j in plain words, never quoting the secret', (json, message) => {
    let thrown: Error | null = null
    try {
      parse(json)
    } catch (e) {
      thrown = e as Error
    }
    expect(thrown?.message).toMatch(/^--contact-point 1: /)
    expect(thrown?.message).toMatch(message)
    expect(thrown?.message).not.toContain('TOPSECRET42')
  })
})
