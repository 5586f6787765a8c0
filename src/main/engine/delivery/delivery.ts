// Delivery to contact points as the core sees it: route a poll's decisions (router.ts), queue the
// messages in the outbox before anything is sent, and let the sender send them. Also what the UI
// and the daemon read: the delivery log, contact points that keep failing, the queue's depth and
// the counters.
import type { AlertEvent, AlertInstance, NotificationDecision } from '../../../shared/alert-rules'
import type { ContactPoint, ContactPointKind } from '../../../shared/contact-points'
import { systemUtcOffset, type UtcOffset } from '../../../shared/local-time'
import type { Settings } from '../../../shared/settings-schema'
import type { Clock } from '../poll/scheduler'
import type { Channel, ContactPointSecrets, DeliveryRecord } from './model'
import type { FailingContactPoint, Outbox, OutboxOutcome } from './outbox'
import type { RetryPolicy } from './retry'
import { destinations, quietUntil, route, type Routes } from './router'
import { Sender, SEND_TIMEOUT_MS, type ResolvedPoint } from './sender'
import { DEFAULT_ALERT_VALID_FOR_MS } from './channels/alertmanager-alerts'
import { missingSecretWords, savedPointSecret } from '../secrets/env-secret'

/** A contact point given for one run (`check --contact-point`), with its secret if it has one. */
export interface RunContactPoint {
  point: ContactPoint
  secret: string | null
}

export interface DeliveryDeps {
  outbox: Outbox
  clock: Clock
  channelFor: (kind: ContactPointKind) => Channel | null
  /** The keychain's contact point secrets; null: only the run's own secrets are known. */
  secrets: ContactPointSecrets | null
  settings: () => Pick<Settings, 'contactPoints' | 'rules' | 'deliveryMaxAgeHours'>
  runPoints?: readonly RunContactPoint[]
  utcOffset?: UtcOffset
  random?: () => number
  sendTimeoutMs?: number
  retry?: RetryPolicy
  log?: (line: string) => void
  /** Where a point's urlEnv/tokenEnv/passwordEnv is read (default: this process's environment). */
  env?: NodeJS.ProcessEnv
}

export class Delivery {
  readonly #sender: Sender
  /** Alertmanager re-posts under way (a check waits for them as for sending). */
  readonly #reposts = new Set<Promise<unknown>>()
  /** Messages this session queued or tried, in order (a check's `deliveries`). */
  readonly #session = new Set<string>()

  constructor(private readonly d: DeliveryDeps) {
    try {
      d.outbox.startSession(new Date(d.clock.now()), {
        keepYoungerThanMs: d.settings().deliveryMaxAgeHours * 3_600_000,
        log: d.log,
      })
    } catch (e) {
      // A read-only or full disk: the queue is tried as it stands; never a reason not to start.
      d.log?.(`The delivery outbox could not be updated: ${(e as Error).message}`)
    }
    this.#sender = new Sender({
      outbox: d.outbox,
      clock: d.clock,
      random: d.random ?? Math.random,
      channelFor: d.channelFor,
      points: () => this.#resolved(),
      maxAgeMs: () => d.settings().deliveryMaxAgeHours * 3_600_000,
      timeoutMs: d.sendTimeoutMs,
      retry: d.retry,
      log: d.log,
      onAttempt: (id) => this.#session.add(id),
    })
  }

  /** Settings' contact points, then the run's own (which replace a saved one of the same id). */
  points(): ContactPoint[] {
    const run = this.d.runPoints ?? []
    const runIds = new Set(run.map((r) => r.point.id))
    return [
      ...this.d.settings().contactPoints.filter((p) => !runIds.has(p.id)),
      ...run.map((r) => r.point),
    ]
  }

  #resolved(): Map<string, ResolvedPoint> {
    const out = new Map<string, ResolvedPoint>()
    const { secrets } = this.d
    const env = this.d.env ?? process.env
    for (const p of this.d.settings().contactPoints)
      out.set(p.id, {
        point: p,
        secret: () => savedPointSecret(p, secrets, env),
        missing: missingSecretWords(p),
      })
    for (const r of this.d.runPoints ?? [])
      out.set(r.point.id, { point: r.point, secret: () => Promise.resolve(r.secret) })
    return out
  }

  /** Where a poll's decisions go (pure); the desktop's are shown before the rest is queued. */
  routes(
    decisions: readonly NotificationDecision[],
    events: readonly AlertEvent[],
    now: Date,
    dataDates?: ReadonlyMap<string, string>,
  ): Routes {
    return route({
      decisions,
      events,
      dataDates,
      rules: this.d.settings().rules,
      points: this.points(),
      now,
      utcOffset: this.d.utcOffset ?? systemUtcOffset,
    })
  }

  /** Writes the messages to the outbox, then starts sending. Never throws into a poll. */
  queue(routes: Routes): string[] {
    try {
      this.d.outbox.enqueue(routes.messages)
    } catch (e) {
      this.d.log?.(
        `Notifications for contact points could not be queued (${(e as Error).message}); ` +
          'the desktop was notified.',
      )
      return []
    }
    for (const m of routes.messages) this.#session.add(m.message.id)
    this.kick()
    return routes.messages.map((m) => m.message.id)
  }

  /** What this session queued or tried (a message folded into a quiet-hours digest is gone). */
  sessionRecords(): DeliveryRecord[] {
    return this.d.outbox.records([...this.#session])
  }

  /** Sends what is queued (at start: what an earlier run could not). */
  kick(): void {
    try {
      this.#sender.kick()
    } catch (e) {
      this.d.log?.(`The delivery outbox could not be read: ${(e as Error).message}`)
    }
  }

  /**
   * After a poll: tells each Alertmanager contact point again what still fires
   * (alertmanager-repost.ts); a failed re-post is logged, the next poll's replaces it.
   */
  repost(instances: readonly AlertInstance[], now: Date): void {
    const s = this.d.settings()
    const offset = this.d.utcOffset ?? systemUtcOffset
    const rules = new Map(s.rules.map((r) => [r.id, r]))
    const all = this.points()
    // In its quiet hours a contact point's news is held; Alertmanager would pass a re-post on.
    const points = all.filter((p) => p.enabled && quietUntil(p, now, offset) === null)
    const firing = instances.flatMap((instance) => {
      const rule = rules.get(instance.ruleId)
      return rule === undefined ? [] : [{ instance, rule }]
    })
    if (firing.length === 0 || !points.some((p) => p.kind === 'alertmanager')) return
    const signal = AbortSignal.timeout(this.d.sendTimeoutMs ?? SEND_TIMEOUT_MS)
    // Loaded here, as the channels are (channels/registry.ts): only with an Alertmanager point.
    const done = import('./channels/alertmanager-repost')
      .then(({ repostFiring }) =>
        repostFiring({
          points,
          firing,
          routes: (rule, point) => destinations(rule, all).includes(point.id),
          validForMs: DEFAULT_ALERT_VALID_FOR_MS,
          ctx: { signal, now: () => now },
        }),
      )
      .then(
        (answers) => {
          for (const [id, a] of answers) if (!a.ok) this.d.log?.(`Alertmanager ${id}: ${a.said}`)
        },
        (e: unknown) => this.d.log?.(`Alertmanager re-post failed: ${(e as Error).message}`),
      )
    this.#reposts.add(done)
    void done.finally(() => this.#reposts.delete(done))
  }

  /** Resolves when nothing is being sent (waits for a later retry are not awaited). */
  async settled(): Promise<void> {
    await Promise.all([this.#sender.settled(), ...this.#reposts])
  }

  /** When the next retry or quiet-hours end is scheduled (clock ms), or null. */
  nextWake(): number | null {
    return this.#sender.nextWake()
  }

  /** Stops sending; what is under way stays queued. Closes the outbox. */
  close(): void {
    this.#sender.stop()
    this.d.outbox.close()
  }

  list(limit: number): DeliveryRecord[] {
    return this.d.outbox.list(limit)
  }

  records(ids: readonly string[]): DeliveryRecord[] {
    return this.d.outbox.records(ids)
  }

  failingContactPoints(now: Date): FailingContactPoint[] {
    return this.d.outbox.failingContactPoints(now)
  }

  depth(): number {
    return this.d.outbox.depth()
  }

  failuresByContactPoint(): Record<string, number> {
    return this.d.outbox.failuresByContactPoint()
  }

  counters(): { contactPoint: string; outcome: OutboxOutcome; n: number }[] {
    return this.d.outbox.counters()
  }
}
