// electron-builder afterPack hook: flips the fuses in the unpacked app's Electron binary,
// before electron-builder signs it and builds the installers.
import { join } from 'node:path'
import { flipFuses } from '@electron/fuses'
import type { AfterPackContext } from 'electron-builder'
import { fuseConfig } from './fuses'

/** The file that holds Electron's fuse wire in the unpacked app (appOutDir). */
export function electronBinaryPath(context: AfterPackContext): string {
  const { appOutDir, electronPlatformName, packager } = context
  const name = packager.appInfo.productFilename
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      // @electron/fuses finds the Electron Framework inside the bundle.
      return join(appOutDir, `${name}.app`)
    case 'win32':
      return join(appOutDir, `${name}.exe`)
    case 'linux':
      return join(appOutDir, (packager as unknown as { executableName: string }).executableName)
    default:
      throw new Error(`No fuse step for platform "${electronPlatformName}"`)
  }
}

export async function afterPack(context: AfterPackContext): Promise<void> {
  const binary = electronBinaryPath(context)
  console.log(`[after-pack] flipping Electron fuses in ${binary}`)
  await flipFuses(binary, fuseConfig(context.electronPlatformName, context.arch))
}
