// One message for what a contact point's quiet hours held: all their events, told once at the end
// (as the desktop's quiet-hours digest is). Its id comes from the held messages' ids, so the same
// held set always makes the same digest (a retry after a restart is the same message).
import { createHash } from 'node:crypto'
import type { OutboundMessage } from './model'
import { SEVERITIES } from '../../../shared/contact-points'

export function digestOf(held: readonly OutboundMessage[], now: Date): OutboundMessage {
  const first = held[0]!
  const id = createHash('sha256')
    .update(held.map((m) => m.id).join('\n'))
    .digest('hex')
    .slice(0, 32)
  const rank = (m: OutboundMessage): number => SEVERITIES.indexOf(m.severity)
  const top = held.reduce((a, b) => (rank(b) > rank(a) ? b : a))
  const events = held.flatMap((m) => m.events)
  return {
    id: `lw-${id}`,
    contactPointId: first.contactPointId,
    status: 'digest',
    severity: top.severity,
    title: `${held.length} notifications during quiet hours`,
    body: held.map((m) => `• ${m.title}`).join('\n'),
    events,
    createdAt: now.toISOString(),
  }
}
