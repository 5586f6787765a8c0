// File-system failures in plain words for people, with the system code kept for support.

const PLAIN: Readonly<Record<string, string>> = {
  EISDIR: 'a folder is in its place',
  ENOTDIR: 'part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  ENOENT: 'it does not exist',
  ENOTEMPTY: 'a folder with that name is already there',
  EEXIST: 'something with that name is already there',
  EBUSY: 'it is in use',
  EMFILE: 'too many files are open',
  EIO: 'the disk reported an error',
}

/** The system code of an error, or of the one a store wrapped in its own (its `cause`, a few deep). */
function fsCode(e: unknown): string | null {
  let err = e
  for (let depth = 0; depth < 4 && err instanceof Error; depth++) {
    const code = (err as NodeJS.ErrnoException).code
    if (typeof code === 'string') return code
    err = err.cause
  }
  return null
}

/**
 * "the disk is full, code ENOSPC" (not in brackets: callers often put the whole reason in some);
 * an error without a code (nor a cause with one) gives its message.
 */
export function describeFsError(e: unknown): string {
  const code = fsCode(e)
  if (code !== null) return PLAIN[code] ? `${PLAIN[code]}, code ${code}` : code
  return e instanceof Error ? e.message : String(e)
}
