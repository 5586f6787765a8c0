// Sends what the outbox holds: per contact point, in order, one message at a time, each contact
// point on its own (one slow or dead receiver never holds another, nor the desktop, which the shell
// notifies before anything reaches here). A failure that may pass is tried again later (retry.ts);
// one that cannot (400, 401, 404…) fails at once; a message older than the age limit is dropped
// with a note. The outbox is written after each answer, so a restart goes on where this stopped.
import {
  SECRET_FIELD,
  type ContactPoint,
  type ContactPointKind,
} from '../../../shared/contact-points'
import type { Clock } from '../poll/scheduler'
import type { Channel, SendAnswer } from './model'
import type { Outbox, OutboxEntry } from './outbox'
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from './retry'
import { ageLimitNote, redact } from './sender-words'

/** A contact point this run can send to, with its secret (keychain, environment or flag). */
export interface ResolvedPoint {
  point: ContactPoint
  secret: () => Promise<string | null>
  /** Said when secret() finds none and the point cannot send without (default: a webhook's). */
  missing?: string | null
}

export interface SenderDeps {
  outbox: Outbox
  clock: Clock
  /** [0, 1): the back-off's jitter. */
  random: () => number
  channelFor: (kind: ContactPointKind) => Channel | null
  /** The contact points as configured now (settings and the run's own), by id. */
  points: () => ReadonlyMap<string, ResolvedPoint>
  /** Messages older than this are dropped with a note (settings.deliveryMaxAgeHours). */
  maxAgeMs: () => number
  /** One attempt's longest wait for an answer. */
  timeoutMs?: number
  retry?: RetryPolicy
  log?: (line: string) => void
  /** Each settled attempt's message id (a check lists what it sent or tried). */
  onAttempt?: (id: string) => void
}

export const SEND_TIMEOUT_MS = 5_000

export class Sender {
  readonly #running = new Map<string, Promise<void>>()
  readonly #again = new Set<string>()
  readonly #timers = new Map<string, { handle: unknown; at: number }>()
  readonly #inFlight = new Set<AbortController>()
  /** Drains in a row that ended in an unexpected error, per contact point (their back-off). */
  readonly #errors = new Map<string, number>()
  /** Contact points whose missing secret is logged already (once each, until one is found). */
  readonly #unsetLogged = new Set<string>()
  #stopped = false

  constructor(private readonly d: SenderDeps) {}

  /** Starts sending for every contact point with queued messages (after a poll, at start). */
  kick(): void {
    for (const cp of this.d.outbox.queuedContactPoints()) this.#pump(cp)
  }

  /** Resolves when no contact point is sending (waits already scheduled are not awaited). */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()])
  }

  /** Stops: no new attempt; one under way is abandoned and stays queued (sent again next time). */
  stop(): void {
    this.#stopped = true
    for (const c of this.#inFlight) c.abort()
    for (const t of this.#timers.values()) this.d.clock.clearTimeout(t.handle)
    this.#timers.clear()
  }

  /** When the next scheduled attempt or hold end is (clock ms), or null when none is. */
  nextWake(): number | null {
    const times = [...this.#timers.values()].map((t) => t.at)
    return times.length === 0 ? null : Math.min(...times)
  }

  #pump(cp: string): void {
    if (this.#stopped) return
    if (this.#running.has(cp)) {
      this.#again.add(cp)
      return
    }
    const run = this.#drain(cp)
      .then(
        () => void this.#errors.delete(cp),
        (e: unknown) => {
          // A locked or failing file, say: try again by itself, later each time, not at the next poll.
          const n = (this.#errors.get(cp) ?? 0) + 1
          this.#errors.set(cp, n)
          const wait = retryDelayMs(n, null, this.d.random, this.d.retry ?? DEFAULT_RETRY)
          this.d.log?.(`Delivery to ${cp} stopped: ${(e as Error).message}`)
          this.#wakeAt(cp, this.d.clock.now() + wait)
        },
      )
      .finally(() => {
        this.#running.delete(cp)
        if (this.#again.delete(cp)) this.#pump(cp)
      })
    this.#running.set(cp, run)
  }

  #wakeAt(cp: string, at: number | null): void {
    const old = this.#timers.get(cp)
    if (old !== undefined) this.d.clock.clearTimeout(old.handle)
    this.#timers.delete(cp)
    if (at === null || this.#stopped) return
    const wait = Math.max(0, at - this.d.clock.now())
    const handle = this.d.clock.setTimeout(() => {
      this.#timers.delete(cp)
      this.#pump(cp)
    }, wait)
    this.#timers.set(cp, { handle, at })
  }

  async #drain(cp: string): Promise<void> {
    const { outbox } = this.d
    for (;;) {
      if (this.#stopped) return
      const now = new Date(this.d.clock.now())
      outbox.releaseHeld(cp, now)
      const head = outbox.head(cp)
      const holdEnd = outbox.nextHoldEnd(cp)
      if (head === null) {
        // Nothing left to send: a good moment to trim what was sent (outbox-retention.ts).
        outbox.prune(now, cp, { keepYoungerThanMs: this.d.maxAgeMs(), log: this.d.log })
        return this.#wakeAt(cp, holdEnd)
      }
      const maxAgeMs = this.d.maxAgeMs()
      if (now.getTime() - Date.parse(head.message.createdAt) > maxAgeMs) {
        outbox.drop(head, ageLimitNote(maxAgeMs, head))
        continue
      }
      if (head.nextAttemptAt > now.getTime())
        return this.#wakeAt(cp, Math.min(head.nextAttemptAt, holdEnd ?? Infinity))
      const resolved = this.d.points().get(cp)
      const channel = this.d.channelFor(head.kind)
      if (resolved === undefined || !resolved.point.enabled || channel === null) {
        outbox.noteWaiting(
          head,
          resolved === undefined || !resolved.point.enabled
            ? 'Waiting: this contact point is not set up (or is turned off) here; it is sent once it is, or dropped when too old.'
            : `Waiting: this version cannot send to ${head.kind} contact points.`,
        )
        return
      }
      const secret = await resolved.secret().catch(() => null)
      const missing = this.#missing(resolved, secret)
      // A missing secret is a failed attempt, retried: seen in the log, the counters and --json.
      const answer =
        missing === null
          ? await this.#attempt(channel, head, resolved.point, secret)
          : ({
              ok: false,
              retryable: true,
              retryAfterMs: null,
              httpStatus: null,
              said: missing,
            } as const)
      if (answer === null) return
      this.d.onAttempt?.(head.message.id)
      const at = new Date(this.d.clock.now())
      const retryAt =
        answer.ok || !answer.retryable
          ? null
          : at.getTime() +
            retryDelayMs(
              head.attempts + 1,
              answer.retryAfterMs,
              this.d.random,
              this.d.retry ?? DEFAULT_RETRY,
            )
      outbox.settleAttempt(head, answer, at, retryAt)
    }
  }

  /** Why `secret` cannot do, logged once per contact point; null when it can. */
  #missing(r: ResolvedPoint, secret: string | null): string | null {
    const words =
      secret !== null
        ? null
        : r.missing !== undefined
          ? r.missing
          : SECRET_FIELD[r.point.kind] === 'url'
            ? `Not sent: the address of contact point ${r.point.id} is unknown.`
            : null
    if (words === null) this.#unsetLogged.delete(r.point.id)
    else if (!this.#unsetLogged.has(r.point.id)) {
      this.#unsetLogged.add(r.point.id)
      this.d.log?.(words)
    }
    return words
  }

  /** One attempt; null when stopped meanwhile (nothing is recorded: the message stays queued). */
  async #attempt(
    channel: Channel,
    head: OutboxEntry,
    point: ContactPoint,
    secret: string | null,
  ): Promise<SendAnswer | null> {
    const controller = new AbortController()
    this.#inFlight.add(controller)
    const timeoutMs = this.d.timeoutMs ?? SEND_TIMEOUT_MS
    // A real timer: the receiver's silence is measured in real time, whatever clock the core runs on.
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const answer = await channel.send(head.message, point, {
        secret,
        signal: controller.signal,
        now: () => new Date(this.d.clock.now()),
      })
      return this.#stopped ? null : redact(answer, secret)
    } catch (e) {
      if (this.#stopped) return null
      const said = controller.signal.aborted
        ? `No answer within ${Math.round(timeoutMs / 1000)} s.`
        : `Could not send: ${(e as Error).message}`
      return redact(
        { ok: false, retryable: true, retryAfterMs: null, httpStatus: null, said },
        secret,
      )
    } finally {
      clearTimeout(timer)
      this.#inFlight.delete(controller)
    }
  }
}
