// The webhook contact point: one POST of JSON to the URL kept in the keychain (the URL is the
// secret: chat webhooks carry their token in it). The body is the generic JSON v1 or a chat
// service's preset (webhook-presets.ts); every attempt carries the message id as Idempotency-Key.
import type { WebhookFormat } from '../../../../shared/contact-points'
import type { Channel, OutboundMessage, SendAnswer } from '../model'
import { renderMessage, type RenderedMessage } from '../templates/render'
import { refused, withTemplateError } from './answer'
import { postOnce } from './http-post'
import { webhookBodyV1 } from './webhook-body'
import { presetBody } from './webhook-presets'

export function webhookBody(
  format: WebhookFormat,
  message: OutboundMessage,
  text: RenderedMessage,
  sentAt: Date,
): unknown {
  return format === 'json'
    ? webhookBodyV1(message, text, sentAt)
    : presetBody(format, message, text)
}

export const webhookChannel: Channel = {
  kind: 'webhook',
  async send(message, point, ctx): Promise<SendAnswer> {
    if (point.kind !== 'webhook') return refused(`Contact point ${point.id} is not a webhook.`)
    if (ctx.secret === null || ctx.secret.trim() === '')
      return refused(`The webhook "${point.name}" has no URL: set it in Settings → Contact points.`)
    const text = renderMessage(point, message)
    const body = webhookBody(point.format, message, text, ctx.now())
    const answer = await postOnce(
      {
        url: ctx.secret,
        what: 'The webhook address',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.id,
          'user-agent': 'LiquidityWatch',
        },
        body: JSON.stringify(body),
        secret: ctx.secret,
      },
      ctx,
    )
    return withTemplateError(answer, text.error)
  },
}
