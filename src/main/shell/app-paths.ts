// Where the built pieces are at run time (electron-vite layout: out/main, out/preload, out/renderer).
import { join } from 'node:path'
import type { RendererLocation } from '../ipc/sender'

export interface AppPaths {
  preload: string
  renderer: RendererLocation
  /** Tray icons: shipped as extraResources when packaged, from build/ in development. */
  trayIconDir: string
  appIcon: string
}

export function appPaths(opts: {
  mainDir: string
  appPath: string
  resourcesPath: string
  isPackaged: boolean
  devServerUrl: string | undefined
}): AppPaths {
  const assets = opts.isPackaged ? opts.resourcesPath : join(opts.appPath, 'build')
  return {
    preload: join(opts.mainDir, '../preload/index.cjs'),
    renderer: {
      rendererFile: join(opts.mainDir, '../renderer/index.html'),
      // The dev server is trusted only in development; a packaged app ignores the variable.
      ...(!opts.isPackaged && opts.devServerUrl ? { devServerUrl: opts.devServerUrl } : {}),
    },
    trayIconDir: join(assets, 'tray'),
    appIcon: join(assets, 'icon.png'),
  }
}
