// The packaged main process carries the demo data service and nothing of the local service's test
// machinery: no /__admin routes, no faults, no scenarios (those live in src/dev-service, for
// `npm run service` and the tests). Built fresh into a temporary directory, so a stale out/ cannot
// make it pass.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve('.')
let work: string
let bundle: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'lw-main-bundle-'))
  const outDir = join(work, 'out')
  await run(join(root, 'node_modules', '.bin', 'electron-vite'), ['build', '--outDir', outDir], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  const dir = join(outDir, 'main')
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'))
  bundle = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n')
}, 120_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe('the main bundle', () => {
  it('serves the demo data (the embedded service is there)', () => {
    expect(bundle.includes('/api/v0/liquidity')).toBe(true)
    expect(bundle.includes('lw-demo-key-')).toBe(true)
  })

  it('plays the app’s own demo stories (service/demo-stories.ts, not the scenarios)', () => {
    expect(bundle.includes('of its TVL now')).toBe(true)
  })

  it.each([
    ['the admin routes', '/__admin'],
    ['the fault kinds', 'malformed-json'],
    ['the fault kinds (captive portal page)', 'html-200'],
    ['the scenario kinds', 'issuer-migration'],
    ['the scenario kinds (backtest year)', 'known-drops'],
    ['the scenario kinds (contradicting change)', 'reported-change'],
  ])('has none of %s (%s)', (_what, marker) => {
    // A boolean, so a failure names the marker instead of printing the whole bundle.
    expect(bundle.includes(marker), `out/main contains "${marker}"`).toBe(false)
  })
})
