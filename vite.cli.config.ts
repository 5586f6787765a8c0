// The `liquidity-watch` command (package.json "bin"): the CLI bundled for plain Node, so that the
// installed command starts without tsx or TypeScript. `npm run build` runs it after electron-vite.
//
// Entries and externals only (no file lists): new commands and modules come in through the imports
// of src/main/cli/main.ts. The runtime `dependencies` stay external (installed beside the package;
// keytar is native); everything else is bundled. Commands are imported lazily by main.ts, so
// `--help` loads only the entry and the usage text.
import { chmod } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import pkg from './package.json' with { type: 'json' }

const ENTRY = 'liquidity-watch'
const external = [
  ...Object.keys(pkg.dependencies),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
]

/** `./out/cli/liquidity-watch.mjs --help` works without `node` in front, as the bin link does. */
function executable(): Plugin {
  return {
    name: 'cli-executable',
    async writeBundle(options) {
      await chmod(resolve(options.dir ?? 'out/cli', `${ENTRY}.mjs`), 0o755)
    },
  }
}

export default defineConfig({
  // No public/ copy, no .env files: this is a Node program.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  plugins: [executable()],
  // The version the command reports (src/main/daemon/version.ts): an installed one has no npm env.
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  ssr: { noExternal: true, external },
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    // Node 22.13 is the oldest the command runs on (src/main/cli/node-version.ts): newer syntax is
    // lowered for it.
    target: 'node22',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        [ENTRY]: resolve(import.meta.dirname, 'src/main/cli/bin.ts'),
        // The history database's worker thread: history-client.ts starts ./history-worker.js
        // beside the chunk that holds it.
        'history-worker': resolve(import.meta.dirname, 'src/main/engine/history/history-worker.ts'),
      },
      external,
      output: {
        format: 'esm',
        entryFileNames: (chunk) => (chunk.name === ENTRY ? '[name].mjs' : '[name].js'),
        chunkFileNames: '[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && chunk.name === ENTRY ? '#!/usr/bin/env node' : ''),
      },
    },
  },
})
