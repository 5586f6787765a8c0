// The packaging configuration as electron-builder itself loads and validates it: identity,
// targets per platform, icons that need no conversion (no download), and an install that
// runs no packaging step. (What actually lands in the package: unpacked-app.test.ts.)
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Configuration } from 'electron-builder'
// electron-builder's own loader and icon resolver (app-builder-lib and builder-util are
// pinned exactly by the electron-builder version in package.json).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { convertIcon, getPngSize } from 'app-builder-lib/out/util/iconConverter'
import { DebugLogger } from 'builder-util'
import { beforeAll, describe, expect, it } from 'vitest'
import { APP_ID } from '../../src/shared/app-id'

const root = resolve('.')
const buildDir = join(root, 'build')
let config: Configuration
let pkg: {
  name: string
  productName: string
  scripts: Record<string, string>
  allowScripts: Record<string, boolean>
  build?: unknown
}

beforeAll(async () => {
  config = await getConfig(root, null, null)
  pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as typeof pkg
})

describe('electron-builder configuration', () => {
  it('is found in electron-builder.ts and passes electron-builder’s schema', async () => {
    expect(pkg.build).toBeUndefined() // one configuration, not two
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('uses the appId the shell sets as Windows AppUserModelID', () => {
    expect(config.appId).toBe(APP_ID)
    expect(APP_ID).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+){2,}$/)
  })

  it('takes the product name from package.json, as Electron does for the user-data folder', () => {
    expect(config.productName).toBeUndefined()
    expect(pkg.productName).toBe('Liquidity Watch')
    expect(config.extraMetadata).toBeUndefined()
  })

  it('builds dmg on macOS, NSIS on Windows, AppImage and deb on Linux', () => {
    expect(config.mac?.target).toEqual(['dmg'])
    expect(config.win?.target).toEqual(['nsis'])
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    // The deb needs a maintainer; the autostart entry names this executable.
    expect(config.linux?.maintainer).toBeTruthy()
    expect(config.linux?.executableName).toBe('liquidity-watch')
  })

  it('unpacks native modules from the asar and rebuilds them for Electron', () => {
    expect(config.asarUnpack).toContain('**/*.node')
    expect(config.npmRebuild).toBe(true)
    expect(config.asar).not.toBe(false)
  })

  it('runs the fuse step after packing', () => {
    expect(typeof config.afterPack).toBe('function')
  })

  it('writes packages to dist/, which git ignores', async () => {
    expect(config.directories?.output).toBe('dist')
    expect(await readFile(join(root, '.gitignore'), 'utf8')).toMatch(/^dist$/m)
  })
})

describe('icons', () => {
  // convertIcon is what electron-builder runs per platform; with ready icons it returns them
  // as they are, otherwise it would fetch an icon tool from GitHub (impossible offline).
  const resolveIcon = async (source: string | null | undefined, format: 'icns' | 'ico' | 'set') =>
    (
      await convertIcon({
        sources: [source ?? ''],
        fallbackSources: [],
        roots: [buildDir, root],
        format,
        outDir: await mkdtemp(join(tmpdir(), 'lw-icon-')),
      })
    ).icons

  it('macOS: build/icon.icns with every size up to 1024 px', async () => {
    const [icon] = await resolveIcon(config.mac?.icon, 'icns')
    expect(icon?.file).toBe(join(buildDir, 'icon.icns'))
    const sizes = icnsSizes(await readFile(join(buildDir, 'icon.icns')))
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 64, 128, 256, 512, 1024]))
  })

  it('Windows: build/icon.ico up to 256 px, as NSIS requires', async () => {
    const [icon] = await resolveIcon(config.win?.icon, 'ico')
    expect(icon).toEqual({ file: join(buildDir, 'icon.ico'), size: 256 })
    const ico = await readFile(join(buildDir, 'icon.ico'))
    const count = ico.readUInt16LE(4)
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256)
    expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48, 64, 128, 256]))
  })

  it('Linux: the build/icons set, each PNG the size its name says', async () => {
    const icons = await resolveIcon(config.linux?.icon, 'set')
    expect(icons.map((i) => i.size)).toEqual([16, 24, 32, 48, 64, 128, 256, 512])
    for (const icon of icons) {
      expect(icon.file).toBe(join(buildDir, 'icons', `${icon.size}x${icon.size}.png`))
      expect(await getPngSize(icon.file)).toEqual({ width: icon.size, height: icon.size })
    }
  })

  it('window and tray icons shipped as extra resources exist at their sizes', async () => {
    expect(await getPngSize(join(buildDir, 'icon.png'))).toEqual({ width: 1024, height: 1024 })
    for (const [name, size] of [
      ['tray.png', 16],
      ['tray@2x.png', 32],
      ['tray-alert.png', 16],
      ['tray-alert@2x.png', 32],
    ] as const) {
      expect(await getPngSize(join(buildDir, 'tray', name))).toEqual({ width: size, height: size })
    }
  })
})

describe('install and dist scripts', () => {
  it('npm run dist builds out/ and then packages it, never publishing', () => {
    expect(pkg.scripts['dist']).toBe('electron-vite build && electron-builder --publish never')
  })

  it('npm ci runs no packaging step (no install-app-deps, no electron-builder)', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) {
      expect(pkg.scripts[hook] ?? '').not.toMatch(/electron-builder|install-app-deps/)
    }
  })

  it('every dependency install script has a decision in allowScripts', async () => {
    const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>
    }
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    for (const name of withScripts) expect(pkg.allowScripts, name).toHaveProperty([name])
    // Squirrel.Windows' 7-Zip picker: not a target of ours, never run.
    expect(pkg.allowScripts['electron-winstaller']).toBe(false)
  })
})

/** Pixel sizes in an .icns container (entries: type, length, data; big-endian): PNG entries
 *  by their header, and the classic 16 and 32 px RGB entries (is32, il32) older macOS reads. */
function icnsSizes(icns: Buffer): number[] {
  expect(icns.toString('ascii', 0, 4)).toBe('icns')
  expect(icns.readUInt32BE(4)).toBe(icns.length)
  const sizes: number[] = []
  for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
    const data = icns.subarray(at + 8, at + icns.readUInt32BE(at + 4))
    const type = icns.toString('ascii', at, at + 4)
    if (data.readUInt32BE(0) === 0x89504e47) sizes.push(data.readUInt32BE(16))
    else if (type === 'is32') sizes.push(16)
    else if (type === 'il32') sizes.push(32)
  }
  return sizes
}
