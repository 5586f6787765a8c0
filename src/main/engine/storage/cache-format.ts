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

export interface Serializable {
  envelope: unknown
  /** Serialized form, made once and reused by every later write. */
  json: string | null
}

/**
 * `carried`: entries exactly as read from the file (FileEntry.text()), written back unchanged
 * before the others — what failed validation and could not be kept aside is never dropped.
 */
export function* serializeEntries(
  snapshot: [string, Serializable][],
  carried: readonly string[] = [],
): Generator<string> {
  yield HEAD
  let separator = '\n'
  for (const text of carried) {
    yield `${separator}${text}`
    separator = SEPARATOR
  }
  for (const [key, slot] of snapshot) {
    slot.json ??= JSON.stringify(slot.envelope)
    yield `${separator}${JSON.stringify(key)}:${slot.json}`
    separator = SEPARATOR
  }
  yield TAIL
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
