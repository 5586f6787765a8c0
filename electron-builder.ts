// Packaging: `npm run dist` builds out/ (electron-vite) and then this for the current platform.
// productName comes from package.json: Electron names the user-data folder after it too.
import type { Configuration } from 'electron-builder'
import { afterPack } from './scripts/package/after-pack'
import { APP_ID } from './src/shared/app-id'

const config: Configuration = {
  appId: APP_ID,
  directories: { output: 'dist', buildResources: 'build' },
  // The app is the electron-vite build; electron-builder adds the production dependencies
  // (`npm ls --omit=dev`) itself, leaving out their READMEs, tests and native build files.
  // Also out: source maps and TypeScript sources some packages ship (zod's src/, ajv's lib/),
  // and their benchmarks and specs. Nothing from the repository but out/ and package.json.
  // out/cli (the liquidity-watch command, npm run build) is not the desktop app's: its `serve`
  // carries the development service's faults and scenarios, which the app must not ship.
  files: [
    'out/**/*',
    '!out/cli/**',
    'package.json',
    '!**/*.{map,ts,mts,cts}',
    '!**/node_modules/*/{benchmark,benchmarks,bench,spec,docs,doc}/**',
  ],
  // keytar is native: a .node file cannot be loaded from inside the asar. electron-builder
  // rebuilds it for Electron's ABI (npmRebuild) before packing.
  asarUnpack: ['**/*.node'],
  npmRebuild: true,
  // Read at run time from process.resourcesPath (src/main/shell/app-paths.ts).
  extraResources: [
    { from: 'build/tray', to: 'tray', filter: ['*.png'] },
    { from: 'build/icon.png', to: 'icon.png' },
  ],
  afterPack,
  mac: {
    target: ['dmg'],
    icon: 'icon.icns',
    category: 'public.app-category.finance',
    hardenedRuntime: true,
  },
  win: {
    target: ['nsis'],
    icon: 'icon.ico',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'icons',
    category: 'Finance',
    executableName: 'liquidity-watch',
    maintainer: 'Liquidity Watch maintainers',
    synopsis: 'Desktop monitor for on-chain liquidity of tokenized real-world assets',
  },
}

export default config
