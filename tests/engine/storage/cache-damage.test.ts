// The response cache and a damaged or unwritable file: what it cannot read is kept aside and said,
// the rest is kept, and a failed write loses nothing held for the next one.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CACHE_FILE_NAME,
  ResponseCache,
  assetRequest,
} from '../../../src/main/engine/storage/cache'
import { AT, STOCK_KEY, dir, file, key, seeded, useCacheDir } from './cache-setup'
import { assetDetail } from './fixtures/sample-data'

useCacheDir()

describe('ResponseCache', () => {
  it('keeps an envelope that fails the schema aside in a side file, keeps the rest, and reports it', async () => {
    await seeded()
    const raw = JSON.parse(await readFile(file(), 'utf8'))
    raw.entries['asset:BAD'] = {
      ...raw.entries[key('TSLA')],
      data: { ...assetDetail('BAD'), totalTvl: -5 },
    }
    raw.entries['asset:OLD'] = { ...raw.entries[key('TSLA')], schemaVersion: 99 }
    await writeFile(file(), JSON.stringify(raw))
    const c = await ResponseCache.open(dir, { now: () => new Date('2025-07-02T00:00:00Z') })
    const side = join(dir, `${CACHE_FILE_NAME}.rejected-2025-07-02T00-00-00-000Z`)
    expect(c.report).toMatch(/^2 cached responses failed validation and were kept aside in /)
    expect(c.report).toContain(side)
    expect(c.report).toContain('asset:BAD')
    expect(c.get(assetRequest('BAD'))).toBeNull()
    expect(c.get(assetRequest('OLD'))).toBeNull()
    expect(c.get(assetRequest('TSLA'))).not.toBeNull()
    await c.flush()
    expect(await readFile(file(), 'utf8')).not.toContain('asset:BAD')
    // Nothing the user had is destroyed: both entries are in the side file exactly as they were.
    const kept = JSON.parse(await readFile(side, 'utf8')) as {
      from: string
      entries: { key: string; reason: string; text: string }[]
    }
    expect(kept.from).toBe(file())
    expect(kept.entries.map((e) => e.key).sort()).toEqual(['asset:BAD', 'asset:OLD'])
    for (const e of kept.entries) {
      expect(JSON.parse(`{${e.text}}`)).toEqual({ [e.key]: raw.entries[e.key] })
      expect(e.reason).not.toBe('')
    }
  })

  it('keeps one damaged line of its own file aside, unchanged, and keeps the others', async () => {
    await seeded()
    const lines = (await readFile(file(), 'utf8')).split('\n')
    const i = lines.findIndex((l) => l.startsWith(JSON.stringify(key('TSLA'))))
    lines[i] = `${JSON.stringify(key('TSLA'))}:{"schemaVersion":1,"fetch\u0000garbage},`
    await writeFile(file(), lines.join('\n'))
    const c = await ResponseCache.open(dir)
    expect(c.keys()).toEqual([STOCK_KEY])
    expect(c.report).toMatch(
      /^1 cached response failed validation and was kept aside in .*entry 1:/,
    )
    const side = (await readdir(dir)).filter((n) => n.startsWith(`${CACHE_FILE_NAME}.rejected-`))
    expect(side).toHaveLength(1)
    expect(c.report).toContain(join(dir, side[0]!))
    const kept = JSON.parse(await readFile(join(dir, side[0]!), 'utf8')) as {
      entries: { entry: number; key: string | null; text: string }[]
    }
    expect(kept.entries).toMatchObject([{ entry: 1, key: null, text: lines[i]!.slice(0, -1) }])
  })

  it('says so when the rejected entries cannot be kept aside (a folder in the side file’s place)', async () => {
    await seeded()
    const raw = JSON.parse(await readFile(file(), 'utf8'))
    raw.entries['asset:OLD'] = { ...raw.entries[key('TSLA')], schemaVersion: 99 }
    await writeFile(file(), JSON.stringify(raw))
    const at = new Date('2025-07-02T00:00:00Z')
    await mkdir(join(dir, `${CACHE_FILE_NAME}.rejected-2025-07-02T00-00-00-000Z`, 'x'), {
      recursive: true,
    })
    const c = await ResponseCache.open(dir, { now: () => at })
    expect(c.report).toMatch(
      /^1 cached response failed validation and could not be kept aside \(a folder is in its place, code EISDIR\)/,
    )
    expect(c.report).toMatch(/it stays in the cache file unchanged/)
    expect(c.get(assetRequest('TSLA'))).not.toBeNull()
    expect(c.get(assetRequest('OLD'))).toBeNull()
    // What could not be kept aside is never overwritten: later saves carry it along unchanged.
    c.put(assetRequest('NVDA'), assetDetail('NVDA'), AT)
    await c.flush()
    expect(JSON.parse(await readFile(file(), 'utf8')).entries['asset:OLD']).toEqual(
      raw.entries['asset:OLD'],
    )
    // Once the side file can be written, the next open keeps it aside there.
    await rm(join(dir, `${CACHE_FILE_NAME}.rejected-2025-07-02T00-00-00-000Z`), { recursive: true })
    const again = await ResponseCache.open(dir, { now: () => at })
    expect(again.report).toMatch(/^1 cached response failed validation and was kept aside in /)
    expect(again.keys().sort()).toEqual([STOCK_KEY, key('NVDA'), key('TSLA')])
    const kept = JSON.parse(
      await readFile(join(dir, `${CACHE_FILE_NAME}.rejected-2025-07-02T00-00-00-000Z`), 'utf8'),
    ) as { entries: { key: string; text: string }[] }
    expect(kept.entries.map((e) => e.key)).toEqual(['asset:OLD'])
    expect(JSON.parse(`{${kept.entries[0]!.text}}`)).toEqual({
      'asset:OLD': raw.entries['asset:OLD'],
    })
  })

  it('a damaged line that cannot be kept aside is written back as it was, and the rest stays readable', async () => {
    await seeded()
    const lines = (await readFile(file(), 'utf8')).split('\n')
    const i = lines.findIndex((l) => l.startsWith(JSON.stringify(key('TSLA'))))
    const damaged = '"asset:TSLA":{"schemaVersion":1,"fetch\u0000garbage}'
    lines[i] = `${damaged},`
    await writeFile(file(), lines.join('\n'))
    const at = new Date('2025-07-02T00:00:00Z')
    await mkdir(join(dir, `${CACHE_FILE_NAME}.rejected-2025-07-02T00-00-00-000Z`, 'x'), {
      recursive: true,
    })
    const c = await ResponseCache.open(dir, { now: () => at })
    c.put(assetRequest('NVDA'), assetDetail('NVDA'), AT)
    await c.flush()
    expect((await readFile(file(), 'utf8')).split(',\n')).toContain(
      `{"cache":1,"entries":{\n${damaged}`,
    )
    const again = await ResponseCache.open(dir, { now: () => at })
    expect(again.keys().sort()).toEqual([STOCK_KEY, key('NVDA')])
    expect(again.report).toMatch(/^1 cached response failed validation and could not be kept aside/)
  })

  it('reads back an empty cache it wrote', async () => {
    await writeFile(file(), 'garbage')
    await (await ResponseCache.open(dir)).flush() // the set-aside leaves an empty cache to write
    expect(await readFile(file(), 'utf8')).toBe('{"cache":1,"entries":{\n}}\n')
    const again = await ResponseCache.open(dir)
    expect([again.keys(), again.report]).toEqual([[], null])
  })

  it.each([
    ['not JSON', '{"cache":1,"entries":{"asset:TSLA":{"schemaVer'],
    ['a foreign shape', '[1,2,3]'],
    ['a newer format', '{"cache":7,"entries":{}}'],
  ])('quarantines a file that is %s and starts empty', async (_label, content) => {
    await writeFile(file(), content)
    const c = await ResponseCache.open(dir, { now: () => new Date('2025-07-01T00:00:00Z') })
    expect(c.keys()).toEqual([])
    expect(c.report).toContain(`The offline cache file ${file()} `)
    expect(c.report).toMatch(
      /started with an empty cache; the old file was kept as \/.*\/response-cache\.json\.corrupt-/,
    )
    const aside = (await readdir(dir)).filter((n) => n.includes('.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(await readFile(join(dir, aside[0] as string), 'utf8')).toBe(content)
    c.put(assetRequest('TSLA'), assetDetail('TSLA'), AT)
    await c.flush()
    expect((await ResponseCache.open(dir)).report).toBeNull()
  })

  it('quarantines an unreadable cache path (a directory) and carries on', async () => {
    await mkdir(file())
    const c = await ResponseCache.open(dir)
    expect(c.report).toMatch(/could not be read \(a folder is in its place, code EISDIR\)/)
    await c.flush()
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({ cache: 1, entries: {} })
  })

  it('a failed flush throws a storage error and keeps the data for the next try', async () => {
    const c = await seeded()
    c.put(assetRequest('A'), assetDetail('A'), AT)
    await rm(dir, { recursive: true })
    await writeFile(dir, 'a file where the cache folder should be')
    await expect(c.flush()).rejects.toMatchObject({ kind: 'storage' })
    await rm(dir)
    await mkdir(dir)
    await c.flush()
    expect((await ResponseCache.open(dir)).keys()).toContain(key('A'))
  })

  it('a folder that cannot be made at open (a file in its place): memory only, and the first flush once it can be made lands', async () => {
    const blocked = join(dir, 'blocked')
    await writeFile(blocked, 'a file where a folder should be')
    const cacheDir = join(blocked, 'caches', 'demo')
    const c = await ResponseCache.open(cacheDir)
    c.put(assetRequest('A'), assetDetail('A'), AT)
    await expect(c.flush()).rejects.toMatchObject({ kind: 'storage' })
    expect(c.get(assetRequest('A'))).not.toBeNull()
    await rm(blocked)
    await c.flush()
    expect((await ResponseCache.open(cacheDir)).keys()).toEqual([key('A')])
  })
})
