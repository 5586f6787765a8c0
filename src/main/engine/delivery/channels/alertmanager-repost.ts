// The per-poll re-post to Alertmanager contact points, ready for the core to call once per poll
// after the poll's messages are queued: each Alertmanager contact point gets, in one POST, the
// alerts still firing that are routed to it, so Alertmanager keeps them firing (see
// alertmanager-alerts.ts). Not through the outbox: a re-post that fails is simply made again next
// poll, and Alertmanager resolves nothing before the validity it was given runs out.
import type { AlertInstance, AlertRule } from '../../../../shared/alert-rules'
import { SEVERITIES, type ContactPoint } from '../../../../shared/contact-points'
import type { SendAnswer, SendContext } from '../model'
import { postAlerts } from './alertmanager'
import { repostableAlerts } from './alertmanager-alerts'

export interface RepostInput {
  /**
   * The contact points to re-post to: pass the enabled ones not in their quiet hours (the router's
   * quietUntil); others are skipped here anyway when not Alertmanagers or disabled.
   */
  points: readonly ContactPoint[]
  /** This poll's alert instances with their rules (any state: only those firing are posted). */
  firing: ReadonlyArray<{ instance: AlertInstance; rule: AlertRule }>
  /** Whether a rule notifies a contact point (the router's rule: rule.contactPoints, else defaults). */
  routes: (rule: AlertRule, point: ContactPoint) => boolean
  /** How long each posted alert stays firing without the next re-post: a few poll intervals. */
  validForMs: number
  ctx: Omit<SendContext, 'secret'>
}

const rank = (s: string): number => SEVERITIES.indexOf(s as (typeof SEVERITIES)[number])

/** One POST per Alertmanager contact point with something firing; its answer by contact point id. */
export async function repostFiring(input: RepostInput): Promise<Map<string, SendAnswer>> {
  const answers = new Map<string, SendAnswer>()
  const now = input.ctx.now()
  await Promise.all(
    input.points
      .filter((p) => p.kind === 'alertmanager' && p.enabled)
      .map(async (point) => {
        const mine = input.firing.filter(
          ({ rule }) =>
            rule.enabled &&
            input.routes(rule, point) &&
            rank(rule.severity) >= rank(point.minSeverity),
        )
        const alerts = repostableAlerts(mine, now, input.validForMs)
        if (alerts.length === 0) return
        try {
          answers.set(point.id, await postAlerts(point, alerts, { ...input.ctx, secret: null }))
        } catch (err) {
          // Aborted by the caller (shutdown): nothing to record; the next poll posts again.
          if (!input.ctx.signal.aborted) throw err
        }
      }),
  )
  return answers
}
