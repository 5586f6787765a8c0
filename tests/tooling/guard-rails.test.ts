// The architecture's import rules are enforced by ESLint (eslint.config.js); this proves each rule
// bites where it should and stays quiet where the import belongs, by linting real file paths.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Only the import rules (import() is held by no-restricted-syntax), and no type information
// (building the TypeScript program is what is slow).
const IMPORT_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax'])
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
})

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath })
  const messages = result?.messages ?? []
  const fatal = messages.find((m) => m.fatal)
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`)
  return messages.some((m) => m.ruleId !== null && IMPORT_RULES.has(m.ruleId))
}

const use = (name: string): string => `\nexport const used = ${name}\n`

describe('architecture guard rails', () => {
  it.each([
    [
      'the engine imports Electron',
      'src/main/engine/cycle.ts',
      "import { app } from 'electron'",
      'app',
    ],
    [
      'the core reaches up into the shell',
      'src/main/core/app-core.ts',
      "import { isAllowedExternalUrl } from '../shell/open-external'",
      'isAllowedExternalUrl',
    ],
    [
      'the core touches channel names',
      'src/main/core/app-core.ts',
      "import { REQUEST_CHANNELS } from '../../shared/ipc-contract'",
      'REQUEST_CHANNELS',
    ],
    [
      'a shell module other than ipc-main uses ipcMain',
      'src/main/shell/tray.ts',
      "import { ipcMain } from 'electron'",
      'ipcMain',
    ],
    [
      'the renderer imports from main',
      'src/renderer/src/lib/api.ts',
      "import { runCycle } from '../../../main/engine/cycle'",
      'runCycle',
    ],
    [
      'the renderer imports a Node module',
      'src/renderer/src/lib/api.ts',
      "import { readFileSync } from 'node:fs'",
      'readFileSync',
    ],
    [
      'shared code imports a Node module',
      'src/shared/plain-list.ts',
      "import { readFileSync } from 'node:fs'",
      'readFileSync',
    ],
    [
      'the renderer imports a Node module without the node: prefix',
      'src/renderer/src/lib/api.ts',
      "import { join } from 'path'",
      'join',
    ],
    [
      'the engine imports an Electron subpath',
      'src/main/engine/cycle.ts',
      "import { app } from 'electron/main'",
      'app',
    ],
    ['the CLI imports Electron', 'src/main/cli/check.ts', "import { app } from 'electron'", 'app'],
    [
      'a core module other than the facade takes all the owners',
      'src/main/core/test-connection.ts',
      "import { openCore } from './open-core'",
      'openCore',
    ],
    [
      'the IPC layer opens the core owners',
      'src/main/ipc/handlers.ts',
      "import { openCore } from '../core/open-core'",
      'openCore',
    ],
    [
      "the app's demo service imports the development service",
      'src/main/service/server.ts',
      "import { FaultController } from '../../dev-service/faults'",
      'FaultController',
    ],
    [
      'the core starts the development service',
      'src/main/core/connection.ts',
      "import { startLocalService } from '../../dev-service/server'",
      'startLocalService',
    ],
    [
      'the composition root imports the development service',
      'src/main/index.ts',
      "import { startLocalService } from '../dev-service/server'",
      'startLocalService',
    ],
    [
      'the core loads the development service with import()',
      'src/main/core/connection.ts',
      "const loaded = import('../../dev-service/server')",
      'loaded',
    ],
    [
      'an alerts stage reads a file',
      'src/main/engine/alerts/read/read-all.ts',
      "import { readFileSync } from 'node:fs'",
      'readFileSync',
    ],
    [
      'an alerts stage saves through storage',
      'src/main/engine/alerts/decide/notify.ts',
      "import { SnapshotFile } from '../../storage/atomic-file'",
      'SnapshotFile',
    ],
    [
      'an alerts stage loads a module at run time',
      'src/main/engine/alerts/judge.ts',
      "const fs = import('node:fs')",
      'fs',
    ],
    [
      'the alerts engine reaches into the poll',
      'src/main/engine/alerts/evaluate.ts',
      "import { runCycle } from '../poll/cycle'",
      'runCycle',
    ],
  ])('refuses: %s', async (_what, file, line, name) => {
    expect(await restricted(file, line + use(name))).toBe(true)
  })

  it.each([
    [
      'the shell imports Electron',
      'src/main/shell/tray.ts',
      "import { app } from 'electron'",
      'app',
    ],
    [
      'the IPC layer uses channel names',
      'src/main/ipc/handlers.ts',
      "import { REQUEST_CHANNELS } from '../../shared/ipc-contract'",
      'REQUEST_CHANNELS',
    ],
    [
      'ipc-main registers handlers with ipcMain',
      'src/main/shell/ipc-main.ts',
      "import { ipcMain } from 'electron'",
      'ipcMain',
    ],
    [
      'the preload uses ipcRenderer',
      'src/preload/index.ts',
      "import { ipcRenderer } from 'electron'",
      'ipcRenderer',
    ],
    [
      'the engine uses Node modules',
      'src/main/engine/cycle.ts',
      "import { readFileSync } from 'node:fs'",
      'readFileSync',
    ],
    [
      'the facade opens the core owners',
      'src/main/core/app-core.ts',
      "import { openCore } from './open-core'",
      'openCore',
    ],
    [
      "the CLI's serve command loads the development service",
      'src/main/cli/main.ts',
      "const loaded = import('../../dev-service/cli')",
      'loaded',
    ],
    [
      "the development service builds on the app's demo service",
      'src/dev-service/server.ts',
      "import { startDemoService } from '../main/service/server'",
      'startDemoService',
    ],
    [
      'the alerts engine hashes a rule',
      'src/main/engine/alerts/rules.ts',
      "import { createHash } from 'node:crypto'",
      'createHash',
    ],
    [
      'the alert state store saves the engine state',
      'src/main/engine/storage/alert-state-store.ts',
      "import { SnapshotFile } from './atomic-file'",
      'SnapshotFile',
    ],
  ])('allows: %s', async (_what, file, line, name) => {
    expect(await restricted(file, line + use(name))).toBe(false)
  })
})
