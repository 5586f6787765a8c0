// Streaming atomic write: chunks go to a temp file as they are produced, then fsync + rename.
// write-file-atomic wants the whole payload as one string, which for a large cache means one long
// stringify on the main thread; this keeps the same old-or-new guarantee without that stall.
import { randomBytes } from 'node:crypto'
import { open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ByteBatch } from './byte-batch'

/** Bytes encoded before each write (about a millisecond of stringify); each write is an await,
 *  so the event loop runs between. */
const WRITE_BATCH = 64 * 1024

function tempPrefix(path: string): string {
  return `${basename(path)}.tmp-`
}

/** Bytes at least this long are written as they are rather than copied into the batch. */
const WRITE_AS_IS = WRITE_BATCH / 4

/**
 * Each text piece is encoded straight into one reused batch, written when full: no joined string
 * and no buffer per write, so the only garbage is the pieces themselves, dropped young and
 * cheaply. Bytes (an unchanged entry's, kept-entries.ts) are written as they are, or gathered
 * into the batch when short.
 */
export async function writeChunksAtomic(
  path: string,
  chunks: Iterable<string | Uint8Array>,
): Promise<void> {
  const tmp = join(
    dirname(path),
    `${tempPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`,
  )
  const fh = await open(tmp, 'w', 0o600)
  let closed = false
  try {
    const batch = new ByteBatch(WRITE_BATCH)
    for (let chunk of chunks) {
      if (typeof chunk !== 'string') {
        if (chunk.length < WRITE_AS_IS && batch.addBytes(chunk)) continue
        if (batch.length > 0) await writeAll(fh, batch.view())
        batch.clear()
        if (chunk.length < WRITE_AS_IS) batch.addBytes(chunk)
        else await writeAll(fh, chunk)
        continue
      }
      // A piece longer than the room left goes out over as many writes as it needs.
      while ((chunk = batch.add(chunk)) !== '') {
        await writeAll(fh, batch.view())
        batch.clear()
      }
    }
    if (batch.length > 0) await writeAll(fh, batch.view())
    // Data must be on disk before the rename makes it the file, or a power cut could leave it empty.
    await fh.sync()
    await fh.close()
    closed = true
    await rename(tmp, path)
  } catch (e) {
    if (!closed) await fh.close().catch(() => undefined)
    await unlink(tmp).catch(() => undefined)
    throw e
  }
  await syncDirectory(dirname(path))
}

/** A write may take fewer bytes than given: the rest follows. */
async function writeAll(fh: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await fh.write(bytes, at, bytes.length - at)
    at += bytesWritten
  }
}

/** Make the rename itself durable; not every platform lets a directory be opened, so best effort. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const d = await open(dir, 'r')
    try {
      await d.sync()
    } finally {
      await d.close()
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}

/** Temp files left by a process killed mid-write; never ones this process may still be writing. */
export async function removeStaleTemps(path: string): Promise<void> {
  const prefix = tempPrefix(path)
  const mine = `${prefix}${process.pid}-`
  let names: string[]
  try {
    names = await readdir(dirname(path))
  } catch {
    return
  }
  await Promise.all(
    names
      .filter((n) => n.startsWith(prefix) && !n.startsWith(mine))
      .map((n) => unlink(join(dirname(path), n)).catch(() => undefined)),
  )
}
