// Web hardening before any window exists (CSP, navigation, permissions), and the one way out to
// the system browser, which the IPC layer is handed rather than reaching for it.
import { session } from 'electron'
import type { RendererLocation } from '../ipc/sender'
import { isAllowedExternalUrl } from './open-external'
import { hardenAllWebContents, hardenSession, openExternalIfAllowed } from './security'

export interface ExternalLinks {
  isAllowed(url: string): boolean
  /** Opens an allowed link in the system browser; refuses any other. */
  open(url: string): Promise<void>
}

/** Call once the app is ready (the session exists) and before the first window. */
export function setupSecurity(o: {
  renderer: RendererLocation
  isPackaged: boolean
  log: (line: string) => void
}): ExternalLinks {
  const isAllowed = (url: string): boolean => isAllowedExternalUrl(url)
  hardenAllWebContents({ ...o, isAllowedExternalUrl: isAllowed })
  hardenSession(session.defaultSession, o)
  return { isAllowed, open: (url) => openExternalIfAllowed(url, isAllowed) }
}
