// Electron fuses flipped in the packaged binary (see after-pack.ts). Each one closes a way to
// run other code with the app's identity, keychain access and cookies.
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses'
import { Arch } from 'electron-builder'

export function fuseConfig(platform: string, arch: Arch): FuseV1Config {
  return {
    version: FuseVersion.V1,
    // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node.
    [FuseV1Options.RunAsNode]: false,
    // Cookies on disk are encrypted with a key from the OS keychain.
    [FuseV1Options.EnableCookieEncryption]: true,
    // NODE_OPTIONS (e.g. --require) and --inspect would let anyone inject code at start.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // app.asar is checked against the hash electron-builder embeds (macOS and Windows;
    // Electron ignores this fuse on Linux), and the app is loaded from app.asar only, so the
    // check cannot be sidestepped by a loose app/ folder.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // Flipping bytes voids the ad-hoc signature Apple silicon requires; re-sign ad hoc
    // (a release engineer's real signature replaces it later).
    resetAdHocDarwinSignature: platform === 'darwin' && arch === Arch.arm64,
  }
}
