// Alertmanager forgets a firing alert that is not posted again before its endsAt: after each poll,
// every Alertmanager contact point is told again what still fires among the rules routed to it
// (channels' repostableAlerts + postAlerts). Not through the outbox: a re-post is the current
// state, not news, and the next poll's re-post replaces a lost one. Skipped in the contact point's
// quiet hours (its news is held then; Alertmanager would pass it on).
import type { AlertInstance, AlertRule } from '../../../shared/alert-rules'
import {
  DESKTOP_CONTACT_POINT_ID,
  SEVERITIES,
  type ContactPoint,
} from '../../../shared/contact-points'
import type { UtcOffset } from '../../../shared/local-time'
import { postAlerts } from './channels/alertmanager'
import { repostableAlerts } from './channels/alertmanager-alerts'
import type { SendAnswer } from './model'
import { quietUntil } from './router'

function routedTo(rule: AlertRule, point: ContactPoint): boolean {
  const to = rule.contactPoints ?? (point.isDefault ? [point.id] : [DESKTOP_CONTACT_POINT_ID])
  return (
    to.includes(point.id) &&
    SEVERITIES.indexOf(rule.severity) >= SEVERITIES.indexOf(point.minSeverity)
  )
}

/** The re-posts of one poll: one POST per Alertmanager contact point with something firing. */
export function repostFiring(
  points: readonly ContactPoint[],
  rules: readonly AlertRule[],
  instances: readonly AlertInstance[],
  now: Date,
  offset: UtcOffset,
  timeoutMs: number,
): Promise<{ point: ContactPoint; answer: SendAnswer }>[] {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return points.flatMap((point) => {
    if (point.kind !== 'alertmanager' || !point.enabled) return []
    if (quietUntil(point, now, offset) !== null) return []
    const firing = instances.flatMap((instance) => {
      const rule = byId.get(instance.ruleId)
      return rule !== undefined && routedTo(rule, point) ? [{ instance, rule }] : []
    })
    const alerts = repostableAlerts(firing, now)
    if (alerts.length === 0) return []
    const ctx = { secret: null, signal: AbortSignal.timeout(timeoutMs), now: () => now }
    return [
      postAlerts(point, alerts, ctx).then(
        (answer) => ({ point, answer }),
        (e: unknown) => ({
          point,
          answer: {
            ok: false,
            retryable: true,
            retryAfterMs: null,
            httpStatus: null,
            said: `Could not re-post: ${(e as Error).message}`,
          },
        }),
      ),
    ]
  })
}
