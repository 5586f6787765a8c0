// The cache's text reaches its file through one reused buffer (ByteBatch): whatever the pieces
// and wherever a batch ends, the bytes written are exactly the text's UTF-8, never a character cut.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { ByteBatch } from '../../../src/main/engine/storage/byte-batch'
import { writeChunksAtomic } from '../../../src/main/engine/storage/cache-writer'
import { tempDir } from '../../core/helpers'

let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await cleanup?.()
  cleanup = null
})

/** What the writer does: fill, hand the filled part on, clear, go on with the rest. */
function throughBatch(pieces: string[], size: number): Buffer {
  const batch = new ByteBatch(size)
  const out: Buffer[] = []
  for (let piece of pieces) {
    while ((piece = batch.add(piece)) !== '') {
      out.push(Buffer.from(batch.view()))
      batch.clear()
    }
  }
  out.push(Buffer.from(batch.view()))
  return Buffer.concat(out)
}

describe('ByteBatch', () => {
  it('any pieces of any characters come out as their UTF-8, whatever the batch size', () => {
    // Code points of 1 to 4 bytes, so batches end inside characters' room at every offset.
    const text = fc.string({ unit: 'grapheme', maxLength: 40 })
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 12 }),
        fc.integer({ min: 4, max: 24 }),
        (pieces, size) => {
          expect(throughBatch(pieces, size).equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a batch too small to hold a four-byte character is refused', () => {
    expect(() => new ByteBatch(3)).toThrow(RangeError)
  })
})

describe('writeChunksAtomic', () => {
  it('writes pieces longer than its batch, of multi-byte characters, exactly', async () => {
    const t = await tempDir()
    cleanup = t.cleanup
    // 3 × 50 000 characters of 1, 2, 3 and 4 bytes: several 64 KB batches, cut mid-piece.
    const pieces = ['a', 'é', '€', '🚀'].map((c) => c.repeat(50_000))
    const path = join(t.dir, 'out.json')
    await writeChunksAtomic(path, pieces)
    expect(await readFile(path, 'utf8')).toBe(pieces.join(''))
  })

  it('writes bytes and text mixed, short and long, in order (kept entries beside new ones)', async () => {
    const t = await tempDir()
    cleanup = t.cleanup
    const path = join(t.dir, 'out.json')
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(40_000), fc.boolean()),
          {
            maxLength: 12,
          },
        ),
        async (spec) => {
          const texts = spec.map(([s, n]) =>
            s.repeat(1 + Math.floor(n / Math.max(1, s.length * 50))),
          )
          const chunks = texts.map((s, i) => (spec[i]![2] ? new TextEncoder().encode(s) : s))
          await writeChunksAtomic(path, chunks)
          expect(await readFile(path, 'utf8')).toBe(texts.join(''))
        },
      ),
      { numRuns: 40 },
    )
  })
})
