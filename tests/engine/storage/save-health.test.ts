// SaveHealth: saves never throw, each store's failure is remembered with its path and a plain
// reason, one line names them all, and a store is fine again after its next save lands.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../src/main/engine/storage/atomic-file'
import { SaveHealth, type Saveable } from '../../../src/main/engine/storage/save-health'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-save-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function store(label: string, path: string): Saveable {
  return { label, path, save: () => writeFileAtomic(path, `{"label":"${label}"}`) }
}

describe('SaveHealth', () => {
  it('names each failing file with its own reason in one line, and clears each when it saves again', async () => {
    const lines: string[] = []
    const health = new SaveHealth((l) => lines.push(l))
    const a = store('the offline cache', join(dir, 'cache.json'))
    const b = store('the alert state', join(dir, 'blocked', 'alert-state.json'))
    const c = store('the notification log', join(dir, 'log.json'))
    await mkdir(a.path) // a folder in its place
    await writeFile(join(dir, 'blocked'), 'a file where a folder should be')

    await health.saveAll([a, b, c])
    const notice = health.notice()!
    expect(notice).toMatch(/^Liquidity Watch cannot save its data: /)
    expect(notice).toContain(`the offline cache (${a.path}: a folder is in its place, code EISDIR)`)
    expect(notice).toContain(
      `the alert state (${b.path}: part of its path is a file, not a folder, code ENOTDIR)`,
    )
    expect(notice).not.toContain('notification log')
    expect(notice).not.toContain('\n')
    expect(health.rowProblem()).toBe(
      'Could not save the latest data: a folder is in its place, code EISDIR; part of its path is a file, not a folder, code ENOTDIR.',
    )
    expect(await readFile(c.path, 'utf8')).toContain('notification log')
    // A failure is logged once, not on every poll it lasts.
    await health.saveAll([a, b, c])
    expect(lines).toHaveLength(2)

    await rm(a.path, { recursive: true })
    expect(await health.save(a)).toBe(true)
    expect(health.notice()).toMatch(
      /: the alert state \(.*\) could not be written: part of its path/,
    )
    await rm(join(dir, 'blocked'))
    await mkdir(join(dir, 'blocked'))
    await health.save(b)
    expect([health.notice(), health.rowProblem()]).toEqual([null, null])
    expect(lines.at(-1)).toBe('Saved the alert state again.')
  })

  it('reads the file-system cause under a wrapped error', async () => {
    const health = new SaveHealth()
    const cause = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
    const ok = await health.save({
      label: 'the offline cache',
      path: '/x/cache.json',
      save: () => Promise.reject(new Error('Could not save the offline cache', { cause })),
    })
    expect(ok).toBe(false)
    expect(health.rowProblem()).toBe(
      'Could not save the latest data: the disk is full, code ENOSPC.',
    )
  })
})
