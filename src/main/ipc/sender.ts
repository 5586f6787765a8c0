// Which frames may call IPC or navigate: only our own renderer page, in the top frame.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface RendererLocation {
  /** Set only in development (electron-vite's ELECTRON_RENDERER_URL); never when packaged. */
  devServerUrl?: string
  /** Absolute path of the built renderer index.html. */
  rendererFile: string
}

function samePath(a: string, b: string): boolean {
  // Windows and default macOS file systems ignore case.
  return process.platform === 'linux' ? a === b : a.toLowerCase() === b.toLowerCase()
}

/** The URL is our renderer page (any query or hash): the built file, or the dev server origin. */
export function isRendererUrl(frameUrl: string, expected: RendererLocation): boolean {
  let url: URL
  try {
    url = new URL(frameUrl)
  } catch {
    return false
  }
  if (url.protocol === 'file:') {
    if (url.host !== '') return false // file://server/share: a remote file
    try {
      return samePath(resolve(fileURLToPath(url)), resolve(expected.rendererFile))
    } catch {
      return false
    }
  }
  if (!expected.devServerUrl) return false
  try {
    const dev = new URL(expected.devServerUrl)
    return /^https?:$/.test(dev.protocol) && url.origin === dev.origin
  } catch {
    return false
  }
}

/** IPC is answered only for our renderer in the top frame (an iframe of it does not count). */
export function isTrustedSender(
  frameUrl: string,
  expected: RendererLocation,
  frame: { isMainFrame: boolean },
): boolean {
  return frame.isMainFrame && isRendererUrl(frameUrl, expected)
}
