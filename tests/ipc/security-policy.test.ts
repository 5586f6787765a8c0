// CSP and permission decisions the shell applies to every page.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, isPermissionAllowed } from '../../src/main/shell/security-policy'
import { isHiddenLaunch } from '../../src/main/shell/launch-args'

const rendererFile = resolve('out/renderer/index.html')
const rendererUrl = pathToFileURL(rendererFile).href

describe('contentSecurityPolicy', () => {
  it('matches the locked-down policy when packaged', () => {
    const csp = contentSecurityPolicy()
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
  })

  it('lets only the dev server and its HMR socket connect in dev', () => {
    expect(contentSecurityPolicy('http://localhost:5173/')).toContain(
      'connect-src http://localhost:5173 ws://localhost:5173',
    )
  })
})

describe('isPermissionAllowed', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'openExternal',
    'clipboard-read',
    'hid',
    'unknown',
  ])('denies %s', (p) => {
    expect(isPermissionAllowed(p, rendererUrl, { rendererFile })).toBe(false)
  })

  it('grants clipboard writes to our renderer only', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', rendererUrl, { rendererFile })).toBe(
      true,
    )
    expect(
      isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', { rendererFile }),
    ).toBe(false)
  })
})

describe('isHiddenLaunch', () => {
  it('starts hidden for --hidden or when the OS says it opened us at login', () => {
    expect(isHiddenLaunch(['/app', '--hidden'])).toBe(true)
    expect(isHiddenLaunch(['/app'], true)).toBe(true)
    expect(isHiddenLaunch(['/app', 'out/main/index.js'])).toBe(false)
  })
})
