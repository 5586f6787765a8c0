// "Send test" for one contact point: a test message through its kind's channel now (not through
// the outbox: the user waits for this answer), told in plain words. The desktop's test is the
// OS notification the Notifications setting sends.
import type { ContactPoint } from '../../shared/contact-points'
import type { ContactPointTestResult } from '../../shared/contact-point-views'
import type { Channel, OutboundMessage, SendAnswer } from '../engine/delivery/model'

/** A receiver that has not answered by then counts as not answering. */
export const TEST_TIMEOUT_MS = 10_000
const MAX_SAID = 300

export function testMessage(point: ContactPoint, now: Date): OutboundMessage {
  return {
    id: `test-${point.id}-${now.getTime().toString(36)}`,
    contactPointId: point.id,
    status: 'firing',
    severity: 'info',
    title: 'Liquidity Watch test',
    body: `Test message for "${point.name}": TVL alerts will reach this contact point like this.`,
    events: [],
    createdAt: now.toISOString(),
  }
}

/** What a receiver said, one line, bounded, with the secret (if it echoed it) cut out. */
export function saidWords(said: string, secret: string | null): string {
  let text = said.replace(/\s+/g, ' ').trim()
  if (secret) text = text.split(secret).join('[secret]')
  if (text === '') return 'nothing'
  return text.length <= MAX_SAID ? text : `${text.slice(0, MAX_SAID)}…`
}

export function answerWords(
  answer: SendAnswer,
  at: Date,
  secret: string | null,
): ContactPointTestResult {
  const http = answer.httpStatus === null ? null : `HTTP ${answer.httpStatus}`
  const status = answer.ok
    ? `Sent${http ? ` — ${http}` : ''}`
    : `Failed — ${http ?? 'no answer'}${answer.ok === false && !answer.retryable ? ' (sending again will not help until the settings change)' : ''}`
  return { ok: answer.ok, status, at: at.toISOString(), said: saidWords(answer.said, secret) }
}

export function notSent(why: string, at: Date): ContactPointTestResult {
  return { ok: false, status: 'Not sent', at: at.toISOString(), said: why }
}

export interface TestDeps {
  channelFor: (kind: ContactPoint['kind']) => Channel | null
  secret: (id: string) => Promise<string | null>
  now: () => Date
}

/** Sends the test through the channel; a throw or a timeout is an answer, not an error. */
export async function testContactPoint(
  point: ContactPoint,
  deps: TestDeps,
): Promise<ContactPointTestResult> {
  const channel = deps.channelFor(point.kind)
  if (channel === null)
    return notSent(`This build cannot send to ${point.kind} contact points yet.`, deps.now())
  const secret = await deps.secret(point.id)
  if (point.kind === 'webhook' && secret === null)
    return notSent('Set the webhook address first (it is kept in the system keychain).', deps.now())
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS)
  try {
    const answer = await channel.send(testMessage(point, deps.now()), point, {
      secret,
      signal,
      now: deps.now,
    })
    return answerWords(answer, deps.now(), secret)
  } catch (e) {
    const why = signal.aborted
      ? `no answer within ${TEST_TIMEOUT_MS / 1000} s`
      : e instanceof Error
        ? e.message
        : String(e)
    return {
      ok: false,
      status: 'Failed — no answer',
      at: deps.now().toISOString(),
      said: saidWords(why, secret),
    }
  }
}
