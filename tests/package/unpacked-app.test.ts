// The real electron-builder run as far as it goes offline: `--linux dir` with a stand-in for
// the Electron binary (the one part that cannot be downloaded here). It packs the app as
// the release build would, runs the afterPack fuse step, and the test reads the result.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { extractFile, listPackage, statFile } from '@electron/asar'
import { beforeAll, describe, expect, it } from 'vitest'
import { readFuses, writeFakeElectronBinary } from './fake-electron'

const run = promisify(execFile)
const root = resolve('.')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)
let appOutDir: string
let asarPath: string
let entries: string[]

beforeAll(async () => {
  // npm test builds out/ first; build it here when this file runs on its own.
  if (!existsSync(join(root, 'out/main/index.js'))) await run(bin('electron-vite'), ['build'])
  // The command's bundle sits beside the app's in out/: it must be there to be left out.
  if (!existsSync(join(root, 'out/cli/liquidity-watch.mjs')))
    await run(bin('vite'), ['build', '--config', 'vite.cli.config.ts'])
  const work = await mkdtemp(join(tmpdir(), 'lw-package-'))
  const electronDist = join(work, 'electron')
  await writeFakeElectronBinary(join(electronDist, 'electron'))
  await mkdir(join(electronDist, 'resources'))
  await writeFile(join(electronDist, 'LICENSE'), 'stand-in')
  await run(
    bin('electron-builder'),
    [
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${join(work, 'dist')}`,
      // The rebuild fetches Electron's headers, and rebuilds keytar in place in node_modules
      // (the Node tests need its Node build). The release build keeps npmRebuild on.
      '-c.npmRebuild=false',
    ],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  )
  appOutDir = join(work, 'dist', 'linux-unpacked')
  asarPath = join(appOutDir, 'resources', 'app.asar')
  entries = listPackage(asarPath, { isPack: false }).map((p) => p.replace(/\\/g, '/').slice(1))
}, 120_000)

/** Install paths of the production packages, from the lockfile (as `npm ls --omit=dev`). */
async function productionPackages(): Promise<Set<string>> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>
  }
  const production = Object.entries(lock.packages)
    .filter(([path, e]) => path.startsWith('node_modules/') && !e.dev && !e.devOptional)
    .map(([path]) => path)
  // electron-builder hoists a nested production package (liquidjs's own commander) to the top when
  // the top-level copy of that name is a dev dependency's: the packaged path is then the hoisted one.
  const hoisted = production.map((path) => path.replace(/^.*node_modules\//, 'node_modules/'))
  return new Set([...production, ...hoisted])
}

describe('the packaged app (linux-unpacked)', () => {
  it('holds the build in out/, package.json and node_modules, nothing else from the repo', () => {
    const top = new Set(entries.map((p) => p.split('/')[0]))
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json'])
    expect(entries).toEqual(
      expect.arrayContaining([
        'out/main/index.js',
        'out/preload/index.cjs',
        'out/renderer/index.html',
      ]),
    )
    // The command's bundle (out/cli, built beside it) carries test machinery: never packed.
    expect(entries.filter((p) => p.startsWith('out/cli/'))).toEqual([])
  })

  // history-client.ts starts the worker from new URL('./history-worker.js', <main script>); Electron
  // (since 19, electron/electron#33216) runs worker scripts from inside app.asar, so the worker and
  // every module it imports must be in the package, beside the main script.
  it('ships the history worker beside the main script, with everything it imports', () => {
    expect(entries).toContain('out/main/history-worker.js')
    const pending = ['out/main/history-worker.js']
    const seen = new Set<string>()
    const bare = new Set<string>()
    while (pending.length > 0) {
      const file = pending.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      const code = extractFile(asarPath, file).toString('utf8')
      for (const [, spec] of code.matchAll(/from\s*["']([^"']+)["']/g)) {
        if (spec!.startsWith('./')) pending.push(join('out/main', spec!.slice(2)))
        else if (!spec!.startsWith('node:')) bare.add(spec!)
      }
    }
    expect(entries).toEqual(expect.arrayContaining([...seen]))
    for (const name of bare) expect(entries).toContain(`node_modules/${name}/package.json`)
    expect(seen.size).toBeGreaterThan(1)
  })

  it('has no source maps and no TypeScript sources, ours or a dependency’s', () => {
    expect(entries.filter((p) => /\.(map|ts|mts|cts)$/.test(p))).toEqual([])
  })

  it('starts from the built main script', () => {
    const meta = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as {
      main: string
    }
    expect(entries).toContain(meta.main)
  })

  it('holds only production dependencies, all of the direct ones', async () => {
    const production = await productionPackages()
    const packageDirs = entries.filter((p) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+$/.test(p))
    const notProduction = packageDirs.filter((p) => !production.has(p))
    expect(notProduction).toEqual([])
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    for (const name of Object.keys(pkg.dependencies))
      expect(entries).toContain(`node_modules/${name}`)
    for (const name of ['electron', 'vitest', 'svelte', 'electron-builder'])
      expect(entries).not.toContain(`node_modules/${name}`)
  })

  it('keeps keytar’s native module outside the asar, where it can be loaded', async () => {
    const native = 'node_modules/keytar/build/Release/keytar.node'
    expect(statFile(asarPath, native)).toMatchObject({ unpacked: true })
    const unpacked = join(appOutDir, 'resources', 'app.asar.unpacked', native)
    expect((await readFile(unpacked)).subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
    // Its C++ sources and build intermediates stay out.
    expect(entries.filter((p) => /^node_modules\/keytar\/(src|binding\.gyp)/.test(p))).toEqual([])
  })

  it('ships the tray and window icons where the shell looks for them', async () => {
    const resources = join(appOutDir, 'resources')
    expect((await readdir(join(resources, 'tray'))).sort()).toEqual([
      'tray-alert.png',
      'tray-alert@2x.png',
      'tray.png',
      'tray@2x.png',
    ])
    expect(existsSync(join(resources, 'icon.png'))).toBe(true)
  })

  it('flipped the fuses in the packaged binary (the afterPack hook ran)', async () => {
    expect(await readFuses(join(appOutDir, 'liquidity-watch'))).toMatchObject({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    })
  })
})
