// The installed command's daemon says which version it is: liquidity_watch_build_info{version}
// carries package.json's version, put into the bundle by the build, not npm's environment (an
// installed command runs without npm, where npm_package_version is unset). Built fresh into
// out/ (beside node_modules, as an installed package finds its dependencies).
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs, root } from '../cli/run-cli'
import { get, startDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-build-info-key-7713'
const dirs = dataDirs()
let svc: LocalService
let work: string

beforeAll(async () => {
  await mkdir(join(root, 'out'), { recursive: true })
  work = await mkdtemp(join(root, 'out', '.cli-build-'))
  const vite = join(root, 'node_modules', '.bin', 'vite')
  await promisify(execFile)(vite, ['build', '-c', 'vite.cli.config.ts', '--outDir', work], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  svc = await startLocalService({ apiKey: KEY })
}, 120_000)

afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
  if (work) await rm(work, { recursive: true, force: true })
})

describe('the bundled daemon’s build_info', () => {
  it('carries package.json’s version, without npm’s environment', { timeout: 60_000 }, async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string
    }
    const d = await startDaemon({
      dataDir: await dirs.make(),
      baseUrl: svc.url,
      key: KEY,
      args: ['--symbols', 'TSLA'],
      nodeArgs: [join(work, 'liquidity-watch.mjs')],
      env: { npm_package_version: undefined },
    })
    try {
      const { status, body } = await get(`${d.url}/metrics`)
      expect(status).toBe(200)
      const line = body.split('\n').find((l) => l.startsWith('liquidity_watch_build_info{'))
      expect(line).toBe(`liquidity_watch_build_info{version="${pkg.version}"} 1`)
    } finally {
      await d.stop()
    }
  })
})
