// The default session: the app's response-header listener (the CSP) and permission handlers,
// exercised by tests as a page's response or permission request would.
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (r: { responseHeaders?: Record<string, string[]> }) => void,
) => void
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { isMainFrame: boolean; requestingUrl: string },
) => void
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: { isMainFrame: boolean; requestingUrl?: string },
) => boolean

class FakeSession {
  headersListener: HeadersListener | null = null
  permissionRequestHandler: PermissionRequestHandler | null = null
  permissionCheckHandler: PermissionCheckHandler | null = null
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener): void => {
      this.headersListener = listener
    },
  }
  setPermissionRequestHandler(h: PermissionRequestHandler): void {
    this.permissionRequestHandler = h
  }
  setPermissionCheckHandler(h: PermissionCheckHandler): void {
    this.permissionCheckHandler = h
  }
  /** The headers a response reaches the page with, after the app's listener. */
  respond(url: string, responseHeaders: Record<string, string[]> = {}): Record<string, string[]> {
    let out = responseHeaders
    this.headersListener?.({ url, responseHeaders }, (r) => (out = r.responseHeaders ?? out))
    return out
  }
  /** Whether a page asking for `permission` gets it. */
  request(permission: string, requestingUrl: string, isMainFrame = true): Promise<boolean> {
    return new Promise((done) => {
      if (!this.permissionRequestHandler) return done(true) // Electron's default: granted
      this.permissionRequestHandler(null, permission, done, { isMainFrame, requestingUrl })
    })
  }
}

export const session = { defaultSession: new FakeSession() }
