// A reader that leaves early (`check | head -1`) closes the pipe, and the next write fails with
// EPIPE. Node raises that as an 'error' event on process.stdout (or stderr); unhandled, it is a
// stack trace and exit 1, which is the code for "alert firing": a script would act on an alert
// that does not exist. So a closed output pipe is not an error: the command finishes its work (its
// alert state and files are saved as in any run), prints nothing more, and exits with the code it
// would have had. Node ignores SIGPIPE, so this is the only place the closed pipe shows.

/** Whether a write error means the reader closed its end of the pipe. */
export function isClosedPipe(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED'
}

/** Makes a closed pipe on `stream` end its output quietly; any other write error stays an error. */
export function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (e: unknown) => {
    if (isClosedPipe(e)) return
    throw e
  })
}
