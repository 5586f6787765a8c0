// The detail attempts file beside a source's cache: read back as written, a damaged file set aside
// (the round robin then starts from the cache), and never more than MAX_KEPT_ATTEMPTS entries.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DETAIL_ATTEMPTS_FILE,
  DetailAttemptsFile,
  MAX_KEPT_ATTEMPTS,
} from '../../../src/main/engine/poll/detail-attempts-file'

let dir = ''
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})
const cachePath = (): string => join(dir, 'response-cache.json')
const at = (i: number): string => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString()

describe('DetailAttemptsFile', () => {
  it('reads back what a poll left, failures with their reason', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-attempts-'))
    const a = await DetailAttemptsFile.openBeside(cachePath(), new Date())
    a.attempts.set('TSLA', { at: at(1), error: null })
    a.attempts.set('NVDA', { at: at(2), error: { kind: 'not-found', message: 'No such asset.' } })
    await a.save()
    const b = await DetailAttemptsFile.openBeside(cachePath(), new Date())
    expect(b.report).toBeNull()
    expect([...b.attempts]).toEqual([...a.attempts])
  })

  it('a damaged file is set aside with a plain report naming it, and the list starts empty', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-attempts-'))
    const path = join(dir, DETAIL_ATTEMPTS_FILE)
    await writeFile(path, JSON.stringify({ version: 1, attempts: { TSLA: { at: 'yesterday' } } }))
    const f = await DetailAttemptsFile.openBeside(cachePath(), new Date('2026-01-02T00:00:00Z'))
    expect(f.attempts.size).toBe(0)
    expect(f.report).toContain(path)
    expect(f.report).toMatch(/starts over from the offline cache/)
    expect((await readdir(dir)).some((n) => n.startsWith(`${DETAIL_ATTEMPTS_FILE}.corrupt-`))).toBe(
      true,
    )
  })

  it(`keeps the newest ${MAX_KEPT_ATTEMPTS} attempts, in memory and on disk`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-attempts-'))
    const f = await DetailAttemptsFile.openBeside(cachePath(), new Date())
    for (let i = 0; i < MAX_KEPT_ATTEMPTS + 50; i++)
      f.attempts.set(`S${i}`, { at: at(i), error: null })
    await f.save()
    expect(f.attempts.size).toBe(MAX_KEPT_ATTEMPTS)
    expect(f.attempts.has('S0')).toBe(false)
    const stored = JSON.parse(await readFile(join(dir, DETAIL_ATTEMPTS_FILE), 'utf8')) as {
      attempts: Record<string, unknown>
    }
    expect(Object.keys(stored.attempts)).toHaveLength(MAX_KEPT_ATTEMPTS)
    expect(stored.attempts[`S${MAX_KEPT_ATTEMPTS + 49}`]).toBeDefined()
  })
})
