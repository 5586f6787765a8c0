import { builtinModules } from 'node:module'
import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import svelteConfig from './svelte.config.js'

// Architecture guard rails (docs/ARCHITECTURE.md "Guard rails"): each zone lists what it must not
// import. Flat config replaces a rule per file, so every zone states its whole list.
const electronOnlyInShell = {
  name: 'electron',
  message:
    'Only the composition root (src/main/index.ts), src/main/shell/ and the preload use Electron.',
}
const noChannels = {
  group: ['**/ipc-channels', '**/ipc-channels.ts'],
  message: 'Only the preload and the IPC layer (src/main/ipc, shell/ipc-main.ts) touch channels.',
}
const noChannelNames = {
  group: ['**/shared/ipc-contract'],
  importNames: ['EVENT_CHANNELS', 'REQUEST_CHANNELS'],
  message: 'Only the preload and the IPC layer touch channels.',
}
const noShell = {
  group: ['**/shell/**', '../shell', './shell'],
  message:
    'The engine, core, IPC and CLI do not reach up into the Electron shell: inject what they need.',
}
const noMain = {
  group: ['**/main/**', '**/preload/**'],
  message: 'The renderer talks to main only through window.api (src/shared/ipc-contract.ts).',
}
const noNode = {
  group: ['node:*', ...builtinModules],
  message: 'src/shared and the renderer run in the browser: no Node modules.',
}
const noOwnersBag = {
  group: ['**/core/open-core', './open-core'],
  message:
    'Only the facade (core/app-core.ts) holds all the core owners: take the owners you use as parameters.',
}
const devToolsMessage =
  'The app carries no development tools: faults, scenarios and /__admin (src/dev-service) are for npm run service and the tests.'
const noDevService = { group: ['**/dev-service', '**/dev-service/**'], message: devToolsMessage }
const alertsPure = {
  group: [
    'node:*',
    '!node:crypto',
    ...builtinModules,
    '**/engine/storage/**',
    '../../storage/**',
    '../storage/**',
    '**/poll/**',
    '**/history/**',
    '**/delivery/**',
    '**/client/**',
  ],
  message:
    'The alerts engine is pure stages: no files, network or other I/O. Its state is loaded and saved by engine/storage/alert-state-store.ts.',
}
const electronSubpaths = { group: ['electron/*'], message: electronOnlyInShell.message }
const restrict = (paths, patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: paths.includes(electronOnlyInShell) ? [...patterns, electronSubpaths] : patterns,
    },
  ],
})

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      // Timers and polling make unhandled promises the likeliest silent bug.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, svelteConfig } },
  },
  {
    files: ['**/*.js', '**/*.mjs', 'scripts/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/shell/**', 'src/main/ipc/**'],
    rules: restrict(
      [electronOnlyInShell],
      [noChannels, noChannelNames, noShell, noOwnersBag, noDevService],
    ),
  },
  {
    files: ['src/main/engine/alerts/**/*.ts'],
    rules: restrict(
      [electronOnlyInShell],
      [noChannels, noChannelNames, noShell, noOwnersBag, noDevService, alertsPure],
    ),
  },
  {
    files: ['src/main/core/app-core.ts'],
    rules: restrict([electronOnlyInShell], [noChannels, noChannelNames, noShell, noDevService]),
  },
  {
    files: ['src/main/ipc/**/*.ts'],
    rules: restrict([electronOnlyInShell], [noShell, noOwnersBag, noDevService]),
  },
  {
    files: ['src/main/shell/**/*.ts', 'src/main/index.ts'],
    ignores: ['src/main/shell/ipc-main.ts'],
    rules: restrict(
      [{ name: 'electron', importNames: ['ipcMain'], message: noChannels.message }],
      [noChannels, noChannelNames, noOwnersBag, noDevService],
    ),
  },
  {
    // import() too, which no-restricted-imports does not see. The CLI's `serve` is the one
    // exception: it runs the development service (src/main/cli is not in the app's bundle).
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/cli/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/dev-service/]', message: devToolsMessage },
      ],
    },
  },
  {
    // import() is not seen by no-restricted-imports: the pure stages load nothing at run time
    // (after the block above, which this one replaces for these files).
    files: ['src/main/engine/alerts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: alertsPure.message },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/ipc-contract.ts', 'src/shared/ipc-channels.ts'],
    rules: restrict([electronOnlyInShell], [noChannels, noMain, noNode]),
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.svelte'],
    rules: restrict([electronOnlyInShell], [noChannels, noChannelNames, noMain, noNode]),
  },
)
