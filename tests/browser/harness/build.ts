// The browser tests run the built renderer and the built preload. scripts/test.sh builds before
// vitest; run alone, a test rebuilds when out/ is missing or older than the sources.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../../..')
export const RENDERER_DIR = join(ROOT, 'out/renderer')
export const PRELOAD_FILE = join(ROOT, 'out/preload/index.cjs')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

function outputAge(): number {
  const index = join(RENDERER_DIR, 'index.html')
  if (!existsSync(index) || !existsSync(PRELOAD_FILE) || statSync(PRELOAD_FILE).size === 0) return 0
  return Math.min(statSync(index).mtimeMs, statSync(PRELOAD_FILE).mtimeMs)
}

let checked = false

/** Builds with electron-vite when out/ is missing or older than src/renderer, src/preload or src/shared. */
export function ensureBuilt(): void {
  if (checked) return
  const sources = ['src/renderer', 'src/preload', 'src/shared'].map((d) =>
    newestMtime(join(ROOT, d)),
  )
  if (outputAge() < Math.max(...sources)) {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 })
  }
  checked = true
}
