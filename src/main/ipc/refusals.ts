// The main-process log of refused IPC calls (iframes, foreign pages, destroyed frames): a refusal
// is a sign of an injected frame or a navigation gone wrong, so it is logged with the channel and
// the sender's origin (never its full URL: a query can carry anything) — as VS Code's validating
// ipcMain does. A page can call in a loop, so the log is rate-limited: the first few of a minute
// are logged, the rest counted and told in one line when the next window's first is logged.
import type { SenderFrame } from './dispatch'

export interface RefusalLogOptions {
  log: (line: string) => void
  /** Milliseconds since the epoch (the shell's Date.now; tests pass a fake clock). */
  now: () => number
  /** Lines per window (default 10). */
  perWindow?: number
  /** Window length (default 60 s). */
  windowMs?: number
}

/** Called for each refused call: the channel and the frame it came from (null: destroyed). */
export type RefusalSink = (channel: string, frame: SenderFrame | null) => void

const MAX_ORIGIN = 100

/** scheme://host of a frame URL (`file://`, `data:`, `https://evil.example`), never its path or query. */
export function senderOrigin(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return 'an unreadable URL'
  }
  const origin =
    u.origin !== 'null'
      ? u.origin
      : u.host !== '' || u.protocol === 'file:'
        ? `${u.protocol}//${u.host}`
        : u.protocol
  return origin.length > MAX_ORIGIN ? `${origin.slice(0, MAX_ORIGIN)}…` : origin
}

function describe(channel: string, frame: SenderFrame | null): string {
  if (frame === null) return `IPC call refused: ${channel} from a destroyed frame`
  const where = frame.isMainFrame ? 'not the app page' : 'a subframe'
  return `IPC call refused: ${channel} from ${senderOrigin(frame.url)} (${where})`
}

export function refusalLog(o: RefusalLogOptions): RefusalSink {
  const perWindow = o.perWindow ?? 10
  const windowMs = o.windowMs ?? 60_000
  let windowStart = -Infinity
  let logged = 0
  let unlogged = 0
  return (channel, frame) => {
    const t = o.now()
    if (t - windowStart >= windowMs) {
      if (unlogged > 0)
        o.log(`${unlogged} more refused IPC call${unlogged === 1 ? ' was' : 's were'} not logged`)
      windowStart = t
      logged = 0
      unlogged = 0
    }
    if (logged >= perWindow) {
      unlogged++
      return
    }
    logged++
    const last =
      logged === perWindow ? ` (more within ${windowMs / 1000} s are counted, not logged)` : ''
    o.log(describe(channel, frame) + last)
  }
}
