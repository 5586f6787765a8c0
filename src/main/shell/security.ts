// Web hardening for every page the app creates: CSP header, navigation and window.open locked
// to our renderer, permissions denied, no <webview>, no devtools in packaged builds.
import { app, shell, type Session, type WebContents } from 'electron'
import { LiquidityError } from '../../shared/errors'
import { isRendererUrl, type RendererLocation } from '../ipc/sender'
import { isAllowedExternalUrl } from './open-external'
import { contentSecurityPolicy, isPermissionAllowed } from './security-policy'

export interface HardeningOptions {
  renderer: RendererLocation
  isPackaged: boolean
  /** Which links may open in the system browser (default: the built-in allow-list). */
  isAllowedExternalUrl?: (url: string) => boolean
  log?: (message: string) => void
}

/** Session-wide: CSP on every response, permission requests and checks deny by default. */
export function hardenSession(session: Session, opts: HardeningOptions): void {
  const csp = contentSecurityPolicy(opts.renderer.devServerUrl)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } })
  })
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed =
      details.isMainFrame && isPermissionAllowed(permission, details.requestingUrl, opts.renderer)
    if (!allowed) opts.log?.(`denied permission request: ${permission}`)
    callback(allowed)
  })
  session.setPermissionCheckHandler((contents, permission, _origin, details) => {
    const url = details.requestingUrl ?? contents?.getURL() ?? ''
    return details.isMainFrame && isPermissionAllowed(permission, url, opts.renderer)
  })
}

function hardenContents(contents: WebContents, opts: HardeningOptions): void {
  const allowedExternal = opts.isAllowedExternalUrl ?? isAllowedExternalUrl
  const blockForeign = (event: { preventDefault(): void }, url: string): void => {
    if (isRendererUrl(url, opts.renderer)) return
    event.preventDefault()
    opts.log?.('blocked navigation away from the app')
  }
  contents.on('will-navigate', (event) => blockForeign(event, event.url))
  contents.on('will-frame-navigate', (event) => blockForeign(event, event.url))
  contents.on('will-redirect', (event) => blockForeign(event, event.url))
  contents.on('will-attach-webview', (event) => event.preventDefault())
  // New windows never open inside the app; allow-listed https links go to the system browser.
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfAllowed(url, allowedExternal).catch((e: unknown) =>
      opts.log?.(`link not opened: ${e instanceof Error ? e.message : String(e)}`),
    )
    return { action: 'deny' }
  })
  if (opts.isPackaged) {
    contents.on('devtools-opened', () => contents.closeDevTools())
  }
}

/** The app's only call to shell.openExternal: the allow-list is checked right before it. */
export async function openExternalIfAllowed(
  url: string,
  allowed: (url: string) => boolean,
): Promise<void> {
  if (!allowed(url)) throw new LiquidityError('invalid-argument', 'This link may not be opened.')
  await shell.openExternal(url)
}

/** Call before any window exists: applies to every web contents created afterwards. */
export function hardenAllWebContents(opts: HardeningOptions): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, opts))
}
