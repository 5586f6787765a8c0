// The system browser opens only https links to allow-listed hosts.
import { describe, expect, it } from 'vitest'
import { externalHostsFor, isAllowedExternalUrl } from '../../src/main/shell/open-external'

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://github.com/liquidity-watch',
    'https://docs.liquiditywatch.app/alerts#rules',
    'https://LiquidityWatch.app/',
  ])('allows %s', (url) => expect(isAllowedExternalUrl(url)).toBe(true))

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'http://github.com/',
    'https://evil.example/',
    'https://github.com.evil.example/',
    'https://evilgithub.com/',
    'https://sub.github.com/',
    'https://user:pw@github.com/',
    'https://github.com:444/',
    'ms-settings:privacy',
    'smb://github.com/share',
    'github.com',
    '',
    `https://github.com/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => expect(isAllowedExternalUrl(url)).toBe(false))

  it('adds the configured service host only when it is https', () => {
    expect(
      isAllowedExternalUrl(
        'https://api.example.com/docs',
        externalHostsFor('https://api.example.com/v1'),
      ),
    ).toBe(true)
    expect(externalHostsFor('http://api.example.com')).not.toContain('api.example.com')
    expect(externalHostsFor(null)).not.toContain('api.example.com')
    expect(externalHostsFor('not a url')).toEqual(externalHostsFor(null))
  })
})
