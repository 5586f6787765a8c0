import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import pkg from './package.json' with { type: 'json' }

// Main and preload run in Node; the renderer is a plain web bundle with no Node access.
export default defineConfig({
  main: {
    // The version `--cli daemon` reports (src/main/daemon/version.ts).
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    // `--cli serve` would load the development service (faults, scenarios, /__admin), which the
    // app must not carry: in the app's build it loads a plain refusal instead.
    resolve: {
      alias: [
        {
          find: /^\.\.\/\.\.\/dev-service\/cli$/,
          replacement: resolve(__dirname, 'src/main/cli/serve-not-in-app.ts'),
        },
      ],
    },
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The history database's worker thread (history-client.ts starts it by this name).
          'history-worker': resolve(__dirname, 'src/main/engine/history/history-worker.ts'),
        },
        // Shared chunks beside the entries: the client finds ./history-worker.js from any of them.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require() packages: bundle everything it uses.
      externalizeDeps: false,
      // sandbox: true preloads must be CommonJS.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // Smaller to fetch and parse at start-up (the views that need Chart.js are separate chunks).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') })],
  },
})
