// A clock the test moves for a daemon child: libfaketime reads the offset from a file on every
// call (FAKETIME_NO_CACHE), starting at `startAt` (default: the suite's instant, tests/support/
// pinned-clock.ts), so an hour of the daemon's time passes in a moment. A test whose service is
// pinned passes its instant, or the daemon's dates follow LW_TEST_NOW while the service's data do
// not. Timers stay on the real monotonic clock.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface ClockFile {
  env: Record<string, string | undefined>
  /** Moves the daemon's clock forward. */
  advance(seconds: number): void
}

export function clockFile(dir: string, startAt?: string): ClockFile {
  const path = join(dir, 'faketime')
  let offset = Number(process.env.FAKETIME ?? 0)
  if (!Number.isFinite(offset))
    throw new Error(`FAKETIME "${process.env.FAKETIME}" is not an offset`)
  // This process runs at the suite's offset (or on the wall clock with none): move from its now.
  if (startAt !== undefined) offset += Math.round((Date.parse(startAt) - Date.now()) / 1000)
  const write = (): void => writeFileSync(path, `${offset >= 0 ? '+' : ''}${offset}\n`)
  write()
  const preload = process.env.LD_PRELOAD?.includes('faketime')
    ? process.env.LD_PRELOAD
    : [
        '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
        '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
        '/usr/lib/faketime/libfaketime.so.1',
      ].find((p) => existsSync(p))
  if (preload === undefined)
    throw new Error('libfaketime is not installed (apt-get install faketime)')
  return {
    env: {
      LD_PRELOAD: preload,
      // The file's offset, not the variable's: libfaketime prefers FAKETIME when both are set.
      FAKETIME: undefined,
      FAKETIME_TIMESTAMP_FILE: path,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    advance(seconds) {
      offset += seconds
      write()
    },
  }
}
