// Per-origin rate gate: when a service says "slow down" (429, or 503 with Retry-After), every
// request to that origin waits until the hold is over — from every client sharing the registry
// (the core's polls, screens and Test connection) — or fails fast when the hold outlasts the
// caller's wait budget.
import type { AbortableLimit } from './abortable-limit'
import { heldError, type SettingsHelp } from './errors-map'
import type { HoldCause } from './hold-cause'
import type { RawResponse } from './http-request'
import { parseRetryAfter } from './retry-after'
import type { Sleep } from './sleep'

/**
 * Retry-After is clamped to [1 s, 1 h]: 0 must not mean "hammer", 10^12 s must not mean "never";
 * a longer wait is held for the hour (and kept across runs), not dropped at the next poll.
 */
export const MIN_HOLD_MS = 1_000
export const MAX_HOLD_MS = 60 * 60_000
/** Largest delay setTimeout honours; above it Node fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1
/** A 429 without Retry-After: full-jitter back-off from 1 s, doubling per 429 in a row, up to 1 min. */
const BACKOFF_BASE_MS = 1_000
const BACKOFF_CAP_MS = 60_000
/** Waiters wake spread over a fifth of the hold (0.5 s – 30 s), not all at the same instant. */
const SPREAD_RATIO = 0.2
const MIN_SPREAD_MS = 500
const MAX_SPREAD_MS = 30_000

export function clampHoldMs(ms: number): number {
  if (Number.isNaN(ms)) return MIN_HOLD_MS
  return Math.min(MAX_HOLD_MS, Math.max(MIN_HOLD_MS, ms))
}

/** Any delay handed to a timer: finite, not negative, not beyond what setTimeout can hold. */
export function timerMs(ms: number): number {
  if (!(ms > 0)) return 0
  return Math.min(MAX_TIMER_MS, ms)
}

/**
 * Whether a caller with this wait budget waits out a hold with `leftMs` to go, or fails fast: the one
 * budget rule, for requests meeting a hold and for retries of the answer that started one.
 */
export function waitsOut(leftMs: number, budgetMs: number): boolean {
  return leftMs <= Math.min(MAX_HOLD_MS, Math.max(0, budgetMs))
}

/** The hold an answer put on its origin: until when, how long that is from now, and why. */
export interface Hold {
  untilMs: number
  remainingMs: number
  cause: HoldCause
}

/** Proof of a served hold: the hold that was in force when the request was let through. */
export interface GatePass {
  readonly until: number
}

export interface GateClock {
  now: () => number
  sleep: Sleep
  random: () => number
}

/**
 * What a gate tells its watcher (the daemon's /metrics and poll line): an answer asked the origin
 * to wait `ms` (a Retry-After, or a 429's back-off), or a request waited `ms` at the gate.
 */
export type RateHoldEvent = { kind: 'asked'; ms: number } | { kind: 'waited'; ms: number }
export type RateHoldWatcher = (e: RateHoldEvent) => void

export class RateGate {
  constructor(private readonly watch: RateHoldWatcher = () => undefined) {}

  private until = 0
  private spreadMs = 0
  private status = 429
  private cause: HoldCause = 'asked'
  /** 429s without Retry-After in a row: the computed back-off doubles with each. */
  private streak = 0

  /** The hold in force, to keep across runs; null when free. */
  snapshot(now: number): SavedHold | null {
    return this.remaining(now) > 0 ? { until: this.until, status: this.status } : null
  }

  /** Milliseconds left on the hold (0 when free). */
  remaining(now: number): number {
    return Math.max(0, this.until - now)
  }

  /** Holds the origin for `ms` (already clamped) from now; a longer hold in force is kept. */
  hold(now: number, ms: number, status: number, cause: HoldCause = 'asked'): void {
    const until = now + ms
    if (until <= this.until) return
    this.until = until
    this.status = status
    this.cause = cause
    this.spreadMs = Math.min(MAX_SPREAD_MS, Math.max(MIN_SPREAD_MS, ms * SPREAD_RATIO))
  }

  /** Hold for a 429 that named no wait: full jitter, then clamped like a Retry-After. */
  holdWithBackoff(now: number, random: () => number): void {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** this.streak)
    this.streak = Math.min(this.streak + 1, 16)
    this.hold(now, clampHoldMs(random() * ceiling), 429, 'backoff')
  }

  /**
   * What an answer means for the origin: a 429 (Retry-After, or a computed back-off) or a 503 with
   * Retry-After holds it; a success resets the back-off. Returns the hold the answer started.
   */
  answered(res: RawResponse, now: number, random: () => number): Hold | undefined {
    if (res.status >= 200 && res.status < 300) {
      this.streak = 0
      return undefined
    }
    const asked = parseRetryAfter(res.headers['retry-after'], now)
    if (res.status === 429 && asked === undefined) this.holdWithBackoff(now, random)
    else if (res.status === 429 || (res.status === 503 && asked !== undefined)) {
      this.hold(now, clampHoldMs(asked!), res.status)
    } else return undefined
    this.watch({
      kind: 'asked',
      ms: asked === undefined ? this.remaining(now) : clampHoldMs(asked),
    })
    const remainingMs = this.remaining(now)
    return { untilMs: now + remainingMs, remainingMs, cause: this.cause }
  }

  /**
   * Resolves once the origin is free. Waits (on the injected clock, each waiter with its own jitter)
   * when the hold ends within the caller's wait budget (asked anew each time: it shrinks as the
   * caller waits); otherwise rejects at once with a rate-limited error that says until when.
   * Returns a pass for `heldSince`. `help` says what happens when the hold ends (a one-shot CLI run
   * does not try again by itself).
   */
  async pass(
    signal: AbortSignal,
    budgetMs: () => number,
    c: GateClock,
    help: SettingsHelp,
  ): Promise<GatePass> {
    for (;;) {
      const left = this.remaining(c.now())
      if (left === 0) return { until: this.until }
      const budget = budgetMs()
      if (!waitsOut(left, budget)) throw heldError(this.status, this.until, left, help, this.cause)
      const waitedFor = this.until
      // The jitter spreads wake-ups but never past the caller's budget.
      const ms = timerMs(Math.min(left + c.random() * this.spreadMs, budget))
      await c.sleep(ms, signal)
      this.watch({ kind: 'waited', ms })
      // Served this hold in full; only a hold extended meanwhile (another 429) is waited again.
      if (this.until === waitedFor) return { until: waitedFor }
    }
  }

  /** A new hold began after this pass was given (the request queued meanwhile): wait again. */
  heldSince(p: GatePass, now: number): boolean {
    return this.until !== p.until && this.remaining(now) > 0
  }
}

/**
 * One exchange through the gate: waits at the origin's gate, then takes a slot of `limit`. A hold
 * that began while this request queued sends it back to wait; the hold an answer starts is set
 * before its slot is freed for the next request.
 */
export async function gatedExchange(
  gate: RateGate,
  limit: AbortableLimit,
  send: () => Promise<RawResponse>,
  o: { signal: AbortSignal; budgetMs: () => number; clock: GateClock; help: SettingsHelp },
): Promise<{ res: RawResponse; held: Hold | undefined }> {
  for (;;) {
    const pass = await gate.pass(o.signal, o.budgetMs, o.clock, o.help)
    const out = await limit.run(async () => {
      if (gate.heldSince(pass, o.clock.now())) return null
      const res = await send()
      return { res, held: gate.answered(res, o.clock.now(), o.clock.random) }
    }, o.signal)
    if (out) return out
  }
}

/** A hold as kept between runs: until when (epoch ms) and the status that asked for it. */
export interface SavedHold {
  until: number
  status: number
}

/** One gate per origin (scheme + host + port). */
export class RateGates {
  private readonly gates = new Map<string, RateGate>()

  /** `watch` hears every gate's holds asked and waits (default: nobody listens). */
  constructor(private readonly watch?: RateHoldWatcher) {}

  /** Holds in force per origin, for a file that outlives the process. */
  snapshot(now: number): Record<string, SavedHold> {
    const out: Record<string, SavedHold> = {}
    for (const [origin, gate] of this.gates) {
      const hold = gate.snapshot(now)
      if (hold) out[origin] = hold
    }
    return out
  }

  /** Holds read back from that file: one already over is dropped, the rest clamped like a Retry-After. */
  load(holds: Readonly<Record<string, SavedHold>>, now: number): void {
    for (const [origin, h] of Object.entries(holds)) {
      if (h.until > now)
        this.for(origin).hold(now, clampHoldMs(h.until - now), h.status, 'earlier-run')
    }
  }

  for(origin: string): RateGate {
    let gate = this.gates.get(origin)
    if (!gate) {
      gate = new RateGate(this.watch)
      this.gates.set(origin, gate)
    }
    return gate
  }
}
