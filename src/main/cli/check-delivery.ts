// What `check` does about contact points: the delivery deps it hands the core (the channels, the
// desktop app's keychain for saved contact points' secrets, the run's --contact-point), how long it
// waits for sending, and what it says of each delivery (text lines; --json `deliveries`).
import type { CoreDeliveryDeps } from '../core/core-deps'
import { channelFor } from '../engine/delivery/channels/registry'
import type { Delivery, RunContactPoint } from '../engine/delivery/delivery'
import type { Channel, ContactPointSecrets, DeliveryRecord } from '../engine/delivery/model'
import { KeychainContactPointSecrets } from '../engine/secrets/contact-point-secrets'
import { keychainServiceName } from '../engine/secrets/secret-store'
import type { ContactPointKind } from '../../shared/contact-points'

/**
 * Longest a check waits for contact points to answer after its poll: what is not sent by then
 * stays queued in DATA_DIR/outbox.sqlite, and the next check (or the app on this data dir) sends it.
 */
export const CHECK_SEND_BUDGET_MS = 5_000

/** One delivery as `check --json` lists it (a public interface: add, never rename). */
export interface JsonDelivery {
  id: string
  eventIds: string[]
  contactPoint: string
  kind: ContactPointKind
  status: DeliveryRecord['status']
  attempts: number
  lastError: string | null
}

/** Saved contact points' secrets: the desktop app's keychain entries (the CLI never stores any). */
export function savedContactPointSecrets(): ContactPointSecrets {
  return new KeychainContactPointSecrets({ service: keychainServiceName(true), timeoutMs: 5_000 })
}

export function checkDeliveryDeps(
  runContactPoints: RunContactPoint[],
  channels: (kind: ContactPointKind) => Channel | null = channelFor,
): CoreDeliveryDeps {
  return {
    channelFor: channels,
    secrets: savedContactPointSecrets(),
    runContactPoints,
  }
}

function sleep(ms: number): { done: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  const done = new Promise<void>((ok) => {
    timer = setTimeout(ok, Math.max(0, ms))
  })
  return { done, cancel: () => clearTimeout(timer) }
}

/**
 * Sends until nothing is being sent and no retry falls within the budget, or the budget is spent
 * (the rest stays queued). The CLI's core runs on the real clock, so its waits are real time.
 */
export async function sendWithin(delivery: Delivery | null, budgetMs: number): Promise<void> {
  if (delivery === null) return
  const deadline = Date.now() + budgetMs
  for (;;) {
    const left = sleep(deadline - Date.now())
    await Promise.race([delivery.settled(), left.done])
    left.cancel()
    const wake = delivery.nextWake()
    if (Date.now() >= deadline || wake === null || wake > deadline) return
    // The retry's timer fires on its own and starts sending; wait for it, then for the send.
    const until = sleep(wake - Date.now() + 5)
    await until.done
  }
}

export function jsonDeliveries(records: readonly DeliveryRecord[]): JsonDelivery[] {
  return records.map((r) => ({
    id: r.id,
    eventIds: r.eventIds,
    contactPoint: r.contactPoint,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
  }))
}

/** One line per delivery for the text output. */
export function deliveryLines(records: readonly DeliveryRecord[]): string[] {
  return records.map((r) => {
    const to = `${r.contactPoint} (${r.kind})`
    const tries = `${r.attempts} attempt${r.attempts === 1 ? '' : 's'}`
    if (r.status === 'sent') return `Sent to ${to}.`
    if (r.status === 'queued')
      return `Queued for ${to}${r.lastError ? `: ${r.lastError}` : ''} (${tries}); the next check sends it.`
    if (r.status === 'failed')
      return `Not delivered to ${to}: ${r.lastError ?? 'refused'} (${tries}).`
    return `Dropped for ${to}: ${r.lastError ?? 'too old'}`
  })
}
