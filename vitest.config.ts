import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { pinnedClockEnv } from './tests/support/pinned-clock.js'

// Every test worker (and what it starts) runs at one pinned instant: tests/support/pinned-clock.ts.
Object.assign(process.env, pinnedClockEnv())

// Three projects: engine tests in Node, the renderer in Debian's Chromium, and the
// Electron e2e spec (which skips itself where the Electron binary is absent).
export default defineConfig({
  test: {
    // Coverage of the whole run; the composition root and shell have their own floor (they run
    // in Node through the Electron fake, tests/mocks/electron/).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', ['text', { skipFull: true }], 'json-summary'],
      thresholds: {
        'src/main/index.ts': { lines: 85 },
        'src/main/shell/**': { lines: 85 },
      },
    },
    projects: [
      {
        // In Node, `electron` is the fake: the real src/main/index.ts runs against it. electron-store
        // is inlined so its own `import electron` resolves to the fake too.
        resolve: {
          alias: {
            electron: fileURLToPath(new URL('tests/mocks/electron/index.ts', import.meta.url)),
          },
        },
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/electron/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'electron',
          include: ['tests/electron/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
