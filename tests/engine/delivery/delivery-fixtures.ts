// Builders for delivery tests: contact points, messages, a temp outbox and a sender driven by a
// FakeClock (timers fire only when the test advances it; sends are real HTTP).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contactPointSchema, type ContactPoint } from '../../../src/shared/contact-points'
import type { OutboundMessage, QueuedMessage } from '../../../src/main/engine/delivery/model'
import { Outbox } from '../../../src/main/engine/delivery/outbox'
import {
  Sender,
  type ResolvedPoint,
  type SenderDeps,
} from '../../../src/main/engine/delivery/sender'
import { messageId } from '../../../src/main/engine/delivery/message-event'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import { FakeClock } from '../scheduler/fake-clock'

export const HOUR = 3_600_000

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lw-outbox-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

export function webhookPoint(id: string, extra: Record<string, unknown> = {}): ContactPoint {
  return contactPointSchema.parse({ id, name: id, kind: 'webhook', ...extra })
}

export function message(cp: string, n: number, at: Date, symbol = 'TSLA'): QueuedMessage {
  const eventIds = [`e${n}`]
  const m: OutboundMessage = {
    id: messageId(cp, eventIds),
    contactPointId: cp,
    status: 'firing',
    severity: 'warning',
    title: `${symbol} alert ${n}`,
    body: `body ${n}`,
    events: [
      {
        id: `e${n}`,
        type: 'fired',
        symbol,
        ruleId: 'r',
        ruleName: 'Rule',
        value: -12,
        threshold: -10,
        unit: '%',
        asOf: at.toISOString(),
        dataDate: at.toISOString().slice(0, 10),
        link: `liquidity-watch://asset/${symbol}`,
      },
    ],
    createdAt: at.toISOString(),
  }
  return { message: m, kind: 'webhook', holdUntil: null }
}

/** Points by id with their secret URL. */
export function pointsOf(entries: [ContactPoint, string][]): Map<string, ResolvedPoint> {
  return new Map(
    entries.map(([point, url]) => [point.id, { point, secret: () => Promise.resolve(url) }]),
  )
}

export function sender(
  outbox: Outbox,
  clock: FakeClock,
  points: Map<string, ResolvedPoint>,
  extra: Partial<SenderDeps> = {},
): Sender {
  let seed = 1
  return new Sender({
    outbox,
    clock,
    // A fixed sequence: the jitter is reproducible.
    random: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
    channelFor,
    points: () => points,
    maxAgeMs: () => 24 * HOUR,
    ...extra,
  })
}

/** Runs the sender until nothing is queued or no timer is left (or `until` ms of fake time). */
export async function drive(
  s: Sender,
  clock: FakeClock,
  outbox: Outbox,
  until = 48 * HOUR,
): Promise<void> {
  const end = clock.now() + until
  s.kick()
  for (let i = 0; i < 10_000; i++) {
    await s.settled()
    if (outbox.depth() === 0) return
    const next = clock.pending()[0]
    if (next === undefined || next > end) return
    await clock.advance(next - clock.now())
  }
}

export { FakeClock, Outbox }
