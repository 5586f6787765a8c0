// SnapshotFile: whole-file writes from memory, in order; a failed write stays pending, and the
// next save catches up — also when what failed was making the folder the file lives in.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SnapshotFile } from '../../../src/main/engine/storage/atomic-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-snapshot-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('SnapshotFile', () => {
  it('makes the folders its file lives in', async () => {
    let value = 1
    const file = new SnapshotFile(join(dir, 'a', 'b', 'state.json'), () => `{"v":${value}}`)
    file.changed()
    await file.save()
    expect(await readFile(file.path, 'utf8')).toBe('{"v":1}')
    value = 2
    file.changed()
    await file.save()
    expect(await readFile(file.path, 'utf8')).toBe('{"v":2}')
  })

  it('a folder that cannot be made (a file in its place) fails the save; once it can be, the next save lands', async () => {
    const blocked = join(dir, 'blocked')
    await writeFile(blocked, 'a file where a folder should be')
    const file = new SnapshotFile(join(blocked, 'data', 'state.json'), () => '{"v":1}')
    file.changed()
    await expect(file.save()).rejects.toMatchObject({ code: 'ENOTDIR' })
    await rm(blocked)
    await file.save()
    expect(await readFile(file.path, 'utf8')).toBe('{"v":1}')
  })
})
