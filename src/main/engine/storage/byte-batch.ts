// One reused buffer that text is encoded into as UTF-8 (TextEncoder.encodeInto): how the cache's
// pieces reach the file without a joined string or a fresh buffer per write, so a save leaves the
// collector nothing but its short pieces (no pause it would have to make on the save's account).
const encoder = new TextEncoder()

export class ByteBatch {
  readonly #buf: Uint8Array
  #used = 0

  constructor(size: number) {
    // Below 4 bytes one character might never fit.
    if (size < 4) throw new RangeError(`a batch of ${size} bytes cannot hold every character`)
    this.#buf = new Uint8Array(size)
  }

  get length(): number {
    return this.#used
  }

  /**
   * Encodes as much of `text` as fits and returns the rest ('' when all of it fit). Cut between
   * characters only: encodeInto never writes half of one, nor half of a surrogate pair.
   */
  add(text: string): string {
    const { read, written } = encoder.encodeInto(text, this.#buf.subarray(this.#used))
    this.#used += written
    return read === text.length ? '' : text.slice(read)
  }

  /** Copies `bytes` in whole if they fit (true), else copies nothing (false). */
  addBytes(bytes: Uint8Array): boolean {
    if (bytes.length > this.#buf.length - this.#used) return false
    this.#buf.set(bytes, this.#used)
    this.#used += bytes.length
    return true
  }

  /** The filled part, shared with the batch: valid until clear(). */
  view(): Uint8Array {
    return this.#buf.subarray(0, this.#used)
  }

  clear(): void {
    this.#used = 0
  }
}
