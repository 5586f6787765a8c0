// The system browser opens only https links to allow-listed hosts. The app links to nothing
// external today, so the default list is empty; the mechanism stays for when it does.
import { describe, expect, it } from 'vitest'
import { DEFAULT_EXTERNAL_HOSTS, isAllowedExternalUrl } from '../../src/main/shell/open-external'

describe('isAllowedExternalUrl', () => {
  it('allows nothing by default: the placeholder hosts are gone', () => {
    expect(DEFAULT_EXTERNAL_HOSTS).toEqual([])
    for (const url of [
      'https://github.com/liquidity-watch',
      'https://docs.liquiditywatch.app/alerts#rules',
      'https://liquiditywatch.app/',
      'https://www.liquiditywatch.app/',
    ])
      expect(isAllowedExternalUrl(url), url).toBe(false)
  })

  const hosts = ['docs.example.org']

  it.each(['https://docs.example.org/alerts#rules', 'https://DOCS.example.org/'])(
    'with a host on the list, allows %s',
    (url) => expect(isAllowedExternalUrl(url, hosts)).toBe(true),
  )

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'http://docs.example.org/',
    'https://evil.example/',
    'https://docs.example.org.evil.example/',
    'https://evildocs.example.org/',
    'https://sub.docs.example.org/',
    'https://user:pw@docs.example.org/',
    'https://docs.example.org:444/',
    'ms-settings:privacy',
    'smb://docs.example.org/share',
    'docs.example.org',
    '',
    `https://docs.example.org/${'a'.repeat(3000)}`,
  ])('with a host on the list, still refuses %s', (url) =>
    expect(isAllowedExternalUrl(url, hosts)).toBe(false),
  )
})
