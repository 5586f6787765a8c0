// Each cache entry's UTF-8 text as the last save wrote it, kept for the next save while the entry
// is unchanged: at 1000 symbols a poll replaces about 60 details and the bulk answers, and the
// other 2000 entries (details and 365-day series, 26 MB) were stringified again at every save —
// about 0.4 s of work and as much garbage, whose scavenges held the event loop (issue 11: a save
// stalls it ≤ 20 ms). The bytes are made part by part as an entry is encoded (copied out of the
// reused batch at once, never held as strings), so they live outside the V8 heap (ArrayBuffers):
// the collector neither copies nor marks them. Keyed by the envelope object, which the cache
// never mutates (put() makes a new one), so a replaced entry's bytes go with it.
import { ByteBatch } from './byte-batch'

/** One part of an entry's text; about the size of a write. */
const PART = 64 * 1024

export class KeptEntries {
  readonly #kept = new WeakMap<object, { key: string; parts: readonly Uint8Array[] }>()
  readonly #batch = new ByteBatch(PART)

  /** The bytes of `"key":envelope` from the last save, if this very envelope was written under this key. */
  get(key: string, envelope: object): readonly Uint8Array[] | undefined {
    const k = this.#kept.get(envelope)
    return k?.key === key ? k.parts : undefined
  }

  /**
   * Encodes an entry's pieces into parts, handing each on as it is made, and keeps them once the
   * entry is complete (an entry left half-written, e.g. by a failed write, is not kept).
   */
  *encode(key: string, envelope: object, pieces: Iterable<string>): Generator<Uint8Array> {
    const parts: Uint8Array[] = []
    const batch = this.#batch
    batch.clear()
    for (let piece of pieces) {
      while ((piece = batch.add(piece)) !== '') {
        const part = batch.view().slice()
        batch.clear()
        parts.push(part)
        yield part
      }
    }
    if (batch.length > 0) {
      const part = batch.view().slice()
      batch.clear()
      parts.push(part)
      yield part
    }
    this.#kept.set(envelope, { key, parts })
  }
}
