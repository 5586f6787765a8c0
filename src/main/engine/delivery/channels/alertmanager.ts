// The Alertmanager contact point: POST <url>/api/v2/alerts with the message's events as alerts
// (alertmanager-alerts.ts), so a team gets Alertmanager's receivers, routing, silences, inhibition
// and HA. A message posts its news (fired, resolved); postAlerts is also what the per-poll re-post
// of firing alerts sends (repostableAlerts).
import type { ContactPoint } from '../../../../shared/contact-points'
import type { Channel, SendAnswer, SendContext } from '../model'
import { renderMessage } from '../templates/render'
import { refused, withTemplateError } from './answer'
import {
  alertsFromMessage,
  DEFAULT_ALERT_VALID_FOR_MS,
  type PostableAlert,
} from './alertmanager-alerts'
import { postOnce } from './http-post'

/** The API path below the contact point's URL (which may itself have a path prefix). */
export function alertsEndpoint(base: string): string {
  return `${base.trim().replace(/\/+$/, '')}/api/v2/alerts`
}

/** One POST of alerts to an Alertmanager contact point (its message, or the poll's re-post). */
export async function postAlerts(
  point: ContactPoint,
  alerts: PostableAlert[],
  ctx: SendContext,
): Promise<SendAnswer> {
  if (point.kind !== 'alertmanager')
    return refused(`Contact point ${point.id} is not an Alertmanager.`)
  if (alerts.length === 0)
    return {
      ok: true,
      httpStatus: null,
      said: 'Nothing to tell Alertmanager (no alert in this message).',
    }
  const answer = await postOnce(
    {
      url: alertsEndpoint(point.url),
      what: 'The Alertmanager address',
      headers: { 'content-type': 'application/json', 'user-agent': 'LiquidityWatch' },
      body: JSON.stringify(alerts),
      secret: null,
    },
    ctx,
  )
  if (!answer.ok) return answer
  const n = `${alerts.length} alert${alerts.length === 1 ? '' : 's'}`
  return { ...answer, said: `Alertmanager took ${n} (${answer.said}).` }
}

export const alertmanagerChannel: Channel = {
  kind: 'alertmanager',
  async send(message, point, ctx): Promise<SendAnswer> {
    const text = renderMessage(point, message)
    const alerts = alertsFromMessage(
      message,
      text,
      ctx.now(),
      ctx.alertValidForMs ?? DEFAULT_ALERT_VALID_FOR_MS,
    )
    return withTemplateError(await postAlerts(point, alerts, ctx), text.error)
  },
}
