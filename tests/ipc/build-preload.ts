// Builds only the preload, with the project's own electron-vite preload config, into a temp dir:
// the test checks the real bundle without depending on main or renderer compiling.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'electron-vite'

export async function buildPreload(): Promise<string> {
  const root = resolve(import.meta.dirname, '../..')
  const outDir = await mkdtemp(join(tmpdir(), 'lw-preload-'))
  await build({
    configFile: join(root, 'tests/ipc/preload.vite.config.ts'),
    root,
    logLevel: 'warn',
    build: { outDir },
  })
  return join(outDir, 'preload', 'index.cjs')
}
