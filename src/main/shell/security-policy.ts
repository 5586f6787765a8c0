// The web security decisions of the shell, Electron-free so they are tested in Node:
// the CSP header and which permission requests a page gets (almost none).
import { isRendererUrl, type RendererLocation } from '../ipc/sender'

/** Same policy as the renderer's meta tag; the header also covers responses the meta cannot. */
export function contentSecurityPolicy(devServerUrl?: string): string {
  // Vite's dev server needs its own origin and HMR websocket; nothing else ever connects.
  let connect = "'none'"
  if (devServerUrl) {
    const dev = new URL(devServerUrl)
    connect = `${dev.origin} ${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Copy-to-clipboard is the only web permission the UI uses; everything else is refused. */
const GRANTABLE = new Set(['clipboard-sanitized-write'])

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  renderer: RendererLocation,
): boolean {
  return GRANTABLE.has(permission) && isRendererUrl(requestingUrl, renderer)
}
