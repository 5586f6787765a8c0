// A manual clock: the one true boundary the engine tests fake. Timers fire only when advanced.
import type { Clock } from '../../../src/main/engine/poll/scheduler'

interface Timer {
  id: number
  at: number
  fn: () => void
}

export class FakeClock implements Clock {
  private t: number
  private seq = 0
  private timers: Timer[] = []

  constructor(start: number | string = '2025-06-02T12:00:00Z') {
    this.t = typeof start === 'number' ? start : Date.parse(start)
  }

  now(): number {
    return this.t
  }

  date(): Date {
    return new Date(this.t)
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: ++this.seq, at: this.t + Math.max(0, ms), fn }
    this.timers.push(timer)
    return timer.id
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle)
  }

  pending(): number[] {
    return this.timers.map((x) => x.at).sort((a, b) => a - b)
  }

  /** Moves time forward, firing due timers in order and letting promise chains settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      await settle()
      const next = this.timers
        .filter((x) => x.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!next) break
      this.timers = this.timers.filter((x) => x !== next)
      this.t = Math.max(this.t, next.at)
      next.fn()
    }
    this.t = end
    await settle()
  }

  /** Jumps the wall clock without firing timers (a machine asleep). */
  jump(ms: number): void {
    this.t += ms
  }
}

/** Lets queued promise callbacks, pending I/O callbacks and next-tick work (where Node emits warnings) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r))
}
