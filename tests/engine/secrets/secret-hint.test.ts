// What settings keep of a secret: enough to recognise it, never enough to use it.
import { describe, expect, it } from 'vitest'
import { checkSecret, maskToken, maskUrl } from '../../../src/main/engine/secrets/secret-hint'

describe('secret hints', () => {
  it('a Slack webhook URL keeps its origin and route, not its token', () => {
    expect(maskUrl('https://hooks.slack.com/services/T0ABC/B0DEF/secret')).toBe(
      'https://hooks.slack.com/services/T0…/••••',
    )
    expect(maskUrl('https://discord.com/api/webhooks/123/tok')).toBe(
      'https://discord.com/api/webhooks/12…/••••',
    )
    expect(maskUrl('http://127.0.0.1:8080/9f8e7d6c?token=x')).toBe('http://127.0.0.1:8080/••••')
  })

  it('a token shows its first characters only when long enough not to give it away', () => {
    expect(maskToken('tk_abcdefghijklmnop')).toBe('tk_…••••')
    expect(maskToken('short')).toBe('••••')
  })

  it('refuses a secret for a kind without one, an empty one, and plain http to another host', () => {
    expect(() => checkSecret('desktop', 'x')).toThrow(/has no secret/)
    expect(() => checkSecret('ntfy', '   ')).toThrow('The secret is empty.')
    expect(() => checkSecret('webhook', 'ftp://x.example/y')).toThrow(/must start with https/)
    expect(() => checkSecret('webhook', 'http://localhost:9000/hook')).not.toThrow()
    expect(checkSecret('email', 'pw').hint).not.toContain('pw')
  })
})
