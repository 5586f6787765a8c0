import type { KeptEntries } from './kept-entries'

// Layout of the cache file: valid JSON, one entry per line, so it can be written and read back
// an entry at a time (no single multi-megabyte stringify or parse holding the event loop).
//   {"cache":1,"entries":{
//   "asset?symbol=TSLA":{…envelope…},
//   "analytics?assetType=stock&days=90&groupBy=stock":{…}
//   }}

/** Version of the outer shape; each envelope carries its own schemaVersion. */
export const FILE_FORMAT = 1
const HEAD = `{"cache":${FILE_FORMAT},"entries":{`
const TAIL = '\n}}\n'
/** JSON.stringify escapes newlines inside strings, so a raw newline only ever separates entries. */
const SEPARATOR = ',\n'

/** Arrays at least this long are written an element at a time (a 1000-stock analytics answer). */
const SPLIT_ARRAY = 32
/** Below this depth objects and long arrays are taken apart; deeper values are one stringify each. */
const SPLIT_DEPTH = 4

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false
  const proto = Object.getPrototypeOf(v) as unknown
  return (proto === Object.prototype || proto === null) && !('toJSON' in v)
}

/** What JSON.stringify writes for a value that has no JSON form (undefined, a function, a symbol). */
const unwritable = (v: unknown): boolean =>
  v === undefined || typeof v === 'function' || typeof v === 'symbol'

/**
 * Exactly JSON.stringify(value), in pieces: a response of any size is never one long stringify,
 * so the writer can let the event loop run between pieces (issue 11: a save at 1000 symbols
 * holds it ≤ 20 ms).
 */
export function* jsonChunks(value: unknown, depth = 0): Generator<string> {
  if (depth < SPLIT_DEPTH && Array.isArray(value) && value.length >= SPLIT_ARRAY) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const v: unknown = value[i]
      if (unwritable(v)) yield 'null'
      else yield* jsonChunks(v, depth + 1)
    }
    yield ']'
    return
  }
  if (depth < SPLIT_DEPTH && isPlainObject(value)) {
    let first = true
    yield '{'
    for (const key of Object.keys(value)) {
      const v = value[key]
      if (unwritable(v)) continue
      yield `${first ? '' : ','}${JSON.stringify(key)}:`
      first = false
      yield* jsonChunks(v, depth + 1)
    }
    yield '}'
    return
  }
  // Undefined at the top has no JSON text; callers never pass it (envelopes are objects).
  yield JSON.stringify(value) ?? 'null'
}

/**
 * `carried`: entries exactly as read from the file (FileEntry.text()), written back unchanged
 * before the others — what failed validation and could not be kept aside is never dropped.
 * `kept`: each entry's bytes from the last save (kept-entries.ts): an unchanged entry is written
 * from them, a new one is encoded and kept for the next save. Without it every entry is made
 * afresh as text pieces.
 */
export function* serializeEntries(
  snapshot: [string, unknown][],
  carried: readonly string[] = [],
  kept?: KeptEntries,
): Generator<string | Uint8Array> {
  yield HEAD
  let separator = '\n'
  for (const text of carried) {
    yield `${separator}${text}`
    separator = SEPARATOR
  }
  for (const [key, envelope] of snapshot) {
    const head = `${JSON.stringify(key)}:`
    yield separator
    separator = SEPARATOR
    if (kept === undefined || envelope === null || typeof envelope !== 'object') {
      yield head
      yield* jsonChunks(envelope)
      continue
    }
    const bytes = kept.get(key, envelope)
    if (bytes !== undefined) yield* bytes
    else yield* kept.encode(key, envelope, entryPieces(head, envelope))
  }
  yield TAIL
}

function* entryPieces(head: string, envelope: unknown): Generator<string> {
  yield head
  yield* jsonChunks(envelope)
}

/** One entry of the file: parsed on demand (which may throw, setting that entry alone aside). */
export interface FileEntry {
  read(): [string, unknown]
  /** The entry as it stands in the file, to keep it aside unchanged when it cannot be used. */
  text(): string
}

export type SplitResult = { entries: FileEntry[] } | { bad: string }

/**
 * Our own layout is split by line; anything else (hand-edited, reformatted) falls back to one
 * JSON.parse of the whole text. A truncated file fails both: no tail, and not valid JSON.
 */
export function splitCacheFile(text: string): SplitResult {
  if (text.startsWith(HEAD) && text.endsWith(TAIL)) {
    if (text.length === HEAD.length + TAIL.length) return { entries: [] }
    const body = text.slice(HEAD.length + 1, -TAIL.length)
    return {
      entries: body.split(SEPARATOR).map((line) => ({
        read: () => onlyEntry(JSON.parse(`{${line}}`)),
        text: () => line,
      })),
    }
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { bad: 'is not valid JSON' }
  }
  const file = raw as { cache?: unknown; entries?: unknown } | null
  if (file === null || typeof file !== 'object' || file.cache !== FILE_FORMAT) {
    return { bad: 'is not in a format this version understands' }
  }
  if (file.entries === null || typeof file.entries !== 'object' || Array.isArray(file.entries)) {
    return { bad: 'has no entries table' }
  }
  return {
    entries: Object.entries(file.entries as Record<string, unknown>).map((pair) => ({
      read: () => pair,
      text: () => `${JSON.stringify(pair[0])}:${JSON.stringify(pair[1])}`,
    })),
  }
}

function onlyEntry(obj: Record<string, unknown>): [string, unknown] {
  const pairs = Object.entries(obj)
  if (pairs.length !== 1) throw new Error('line does not hold exactly one entry')
  return pairs[0] as [string, unknown]
}
