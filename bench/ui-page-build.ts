// Bundles a bench page (bench/pages/<name>/: index.html + main.ts) with vite into a temp dir, served like the app.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'

export async function buildBenchPage(
  name: string,
): Promise<{ dir: string; dispose(): Promise<void> }> {
  const root = resolve(import.meta.dirname, 'pages', name)
  const outDir = await mkdtemp(join(tmpdir(), `lw-bench-${name}-`))
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    base: './',
    build: { outDir, emptyOutDir: true },
  })
  return { dir: outDir, dispose: () => rm(outDir, { recursive: true, force: true }) }
}
