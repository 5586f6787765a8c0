// The process's real timers, seen where Node makes them: every Timeout (setTimeout, setInterval,
// and the ones Node's own http server and sockets arm, which wrapping the globals would miss),
// through async_hooks. Idle tests read which are alive and when each will next wake the process.
import { createHook } from 'node:async_hooks'

/** Node's Timeout object, as far as the census reads it. */
interface TimeoutLike {
  _idleTimeout: number
  _idleStart: number
  _repeat: number | null
}

export interface LiveTimer {
  /** Milliseconds from now until it fires. */
  dueInMs: number
  /** Period of a setInterval (or a re-armed repeat), else null. */
  repeatMs: number | null
  /** Where it was made (its first frames), to name the culprit when a test fails. */
  madeAt: string
}

/** The test runner's own timers (waitFor, `until`, RPC to the main thread) are not the app's. */
const HARNESS = /node_modules[\\/](vitest|@vitest|tinypool|birpc|tinyspy|chai)|[\\/]tests[\\/]/

export interface TimerCensus {
  /** Timers alive now, soonest first. */
  live(): LiveTimer[]
  stop(): void
}

export function timerCensus(): TimerCensus {
  const alive = new Map<number, { timer: TimeoutLike; madeAt: string }>()
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout') return
      const limit = Error.stackTraceLimit
      Error.stackTraceLimit = 40
      const stack = new Error().stack ?? ''
      Error.stackTraceLimit = limit
      const frames = stack
        .split('\n')
        .slice(1)
        .map((l) => l.trim())
        .filter((l) => !/async_hooks|internal\/timers|node:timers|AsyncHook\.init/.test(l))
      const caller = frames.find((l) => !/\(node:|at node:/.test(l))
      // Whoever called the timer API (or Node's http/net on its behalf) owns it.
      if (caller !== undefined && HARNESS.test(caller)) return
      alive.set(id, { timer: resource as TimeoutLike, madeAt: frames.slice(0, 4).join(' ← ') })
    },
    destroy(id) {
      alive.delete(id)
    },
  })
  hook.enable()
  return {
    live: () => {
      const now = loopNow()
      const out: LiveTimer[] = []
      for (const { timer, madeAt } of alive.values()) {
        // -1: cleared (Node unenrolls it before destroy is emitted).
        if (timer._idleTimeout < 0) continue
        const due = timer._idleStart + timer._idleTimeout - now
        out.push({ dueInMs: Math.max(0, due), repeatMs: timer._repeat, madeAt })
      }
      return out.sort((a, b) => a.dueInMs - b.dueInMs)
    },
    stop: () => hook.disable(),
  }
}

/** Node's timer clock (libuv's loop time, which _idleStart is on), read off a throwaway timer. */
function loopNow(): number {
  const probe = setTimeout(() => undefined, 1) as unknown as TimeoutLike
  const now = probe._idleStart
  clearTimeout(probe as unknown as NodeJS.Timeout)
  return now
}

/**
 * When the live timers will wake the process within the next `windowMs`, as ms from now: a
 * one-shot once, an interval every period.
 */
export function wakesWithin(timers: LiveTimer[], windowMs: number): number[] {
  const wakes: number[] = []
  for (const t of timers) {
    for (let at = t.dueInMs; at < windowMs; at += t.repeatMs ?? Infinity) wakes.push(at)
  }
  return wakes.sort((a, b) => a - b)
}

/** Timers that would wake the process within a minute, or every period under a minute. */
export function subMinuteTimers(timers: LiveTimer[]): LiveTimer[] {
  return timers.filter((t) => t.dueInMs < 60_000 || (t.repeatMs !== null && t.repeatMs < 60_000))
}

export function describeTimers(timers: LiveTimer[]): string {
  return timers
    .map((t) => `in ${Math.round(t.dueInMs)} ms, every ${t.repeatMs ?? '-'} ms: ${t.madeAt}`)
    .join('\n')
}

/**
 * Waits (real time, up to 5 s) for a poll's own tail to run out, e.g. the http date cache's 1 s
 * timer; a timer that keeps re-arming itself never does, and the caller then sees it.
 */
export async function tailSettled(c: TimerCensus): Promise<void> {
  const end = Date.now() + 5_000
  while (c.live().some((t) => t.dueInMs < 2_000) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 20))
}
