// The afterPack hook flips exactly the agreed fuses, in the binary each platform's layout holds.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FuseV1Options, FuseVersion } from '@electron/fuses'
import { Arch, type AfterPackContext } from 'electron-builder'
import { describe, expect, it } from 'vitest'
import { afterPack, electronBinaryPath } from '../../scripts/package/after-pack'
import { fuseConfig } from '../../scripts/package/fuses'
import { readFuses, writeFakeElectronBinary } from './fake-electron'

const AGREED = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
}

/** What electron-builder hands the hook, as far as the hook reads it. */
function contextFor(appOutDir: string, platform: string, arch = Arch.x64): AfterPackContext {
  const packager = { appInfo: { productFilename: 'Liquidity Watch' }, executableName: 'lw' }
  return {
    appOutDir,
    electronPlatformName: platform,
    arch,
    packager,
    outDir: appOutDir,
    targets: [],
  } as unknown as AfterPackContext
}

describe('fuseConfig', () => {
  it('sets exactly the six agreed fuses on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin', 'mas']) {
      const {
        version,
        resetAdHocDarwinSignature: _reset,
        ...fuses
      } = fuseConfig(platform, Arch.x64)
      expect(version).toBe(FuseVersion.V1)
      expect(fuses).toEqual(AGREED)
    }
  })

  it('re-signs ad hoc only for Apple silicon builds, whose unsigned binaries do not start', () => {
    expect(fuseConfig('darwin', Arch.arm64).resetAdHocDarwinSignature).toBe(true)
    expect(fuseConfig('darwin', Arch.x64).resetAdHocDarwinSignature).toBe(false)
    expect(fuseConfig('linux', Arch.arm64).resetAdHocDarwinSignature).toBe(false)
    expect(fuseConfig('win32', Arch.arm64).resetAdHocDarwinSignature).toBe(false)
  })
})

describe('afterPack hook', () => {
  const layouts = [
    { platform: 'linux', binary: 'lw' },
    { platform: 'win32', binary: 'Liquidity Watch.exe' },
    {
      platform: 'darwin',
      binary:
        'Liquidity Watch.app/Contents/Frameworks/Electron Framework.framework/Electron Framework',
    },
  ]

  for (const { platform, binary } of layouts) {
    it(`flips the fuses in the ${platform} binary and leaves the others as they were`, async () => {
      const appOutDir = await mkdtemp(join(tmpdir(), `lw-fuses-${platform}-`))
      await writeFakeElectronBinary(join(appOutDir, binary))

      await afterPack(contextFor(appOutDir, platform))

      expect(await readFuses(join(appOutDir, binary))).toEqual({
        RunAsNode: false,
        EnableCookieEncryption: true,
        EnableNodeOptionsEnvironmentVariable: false,
        EnableNodeCliInspectArguments: false,
        EnableEmbeddedAsarIntegrityValidation: true,
        OnlyLoadAppFromAsar: true,
        // Not ours to change: Electron's defaults stay.
        LoadBrowserProcessSpecificV8Snapshot: false,
        GrantFileProtocolExtraPrivileges: true,
        WasmTrapHandlers: true,
      })
    })
  }

  it('names the binary per platform as electron-builder lays the app out', () => {
    expect(electronBinaryPath(contextFor('/o', 'linux'))).toBe(join('/o', 'lw'))
    expect(electronBinaryPath(contextFor('/o', 'win32'))).toBe(join('/o', 'Liquidity Watch.exe'))
    expect(electronBinaryPath(contextFor('/o', 'darwin'))).toBe(join('/o', 'Liquidity Watch.app'))
    expect(electronBinaryPath(contextFor('/o', 'mas'))).toBe(join('/o', 'Liquidity Watch.app'))
  })

  it('refuses a platform it has no fuse step for, instead of shipping unfused', async () => {
    await expect(afterPack(contextFor('/nowhere', 'freebsd'))).rejects.toThrow(/freebsd/)
  })

  it('fails the build when the binary has no fuse wire', async () => {
    const appOutDir = await mkdtemp(join(tmpdir(), 'lw-fuses-none-'))
    await writeFile(join(appOutDir, 'lw'), 'no wire here')
    await expect(afterPack(contextFor(appOutDir, 'linux'))).rejects.toThrow(/sentinel/)
  })
})
