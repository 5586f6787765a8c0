// Where the Electron binary is, or null when it was never downloaded. Reads electron's path.txt
// directly: require('electron') would try to download the binary when it is missing.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export function electronBinary(): string | null {
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
    const pathFile = join(pkgDir, 'path.txt')
    if (!existsSync(pathFile)) return null
    const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim())
    return existsSync(binary) ? binary : null
  } catch {
    return null
  }
}
