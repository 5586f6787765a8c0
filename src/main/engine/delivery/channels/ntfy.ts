// ntfy (docs.ntfy.sh/publish): phone push with no account. One POST of ntfy's JSON publish body to
// the server's root (topic, title, message, priority from severity, tags, click link), with the
// optional access token (the secret) as a bearer token.
import type { ContactPoint } from '../../../../shared/contact-points'
import type { Channel, OutboundMessage, SendAnswer } from '../model'
import { renderMessage } from '../templates/render'
import { refused, withTemplateError } from './answer'
import { postOnce } from './http-post'

export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh'
/** ntfy turns longer messages into attachments: keep within its message limit. */
const MAX_NTFY_MESSAGE = 4000

/** ntfy's 1–5 (min, low, default, high, max): a recovery is default, news by the rule's severity. */
export function ntfyPriority(message: OutboundMessage): number {
  if (message.status === 'resolved') return 3
  return { info: 3, warning: 4, critical: 5 }[message.severity]
}

/** Tags: the first an emoji short code ntfy shows as an icon, then the severity and symbols. */
export function ntfyTags(message: OutboundMessage): string[] {
  const icon =
    message.status === 'resolved'
      ? 'white_check_mark'
      : { info: 'information_source', warning: 'warning', critical: 'rotating_light' }[
          message.severity
        ]
  const symbols = [...new Set(message.events.map((e) => e.symbol))].slice(0, 5)
  return [icon, message.severity, ...symbols]
}

export interface NtfyPublish {
  topic: string
  title: string
  message: string
  priority: number
  tags: string[]
  click?: string
}

export function ntfyBody(
  message: OutboundMessage,
  topic: string,
  text: { title: string; body: string },
): NtfyPublish {
  const body =
    text.body.length <= MAX_NTFY_MESSAGE
      ? text.body
      : `${text.body.slice(0, MAX_NTFY_MESSAGE - 1)}…`
  const link = message.events.find((e) => e.link !== null)?.link ?? null
  return {
    topic,
    title: text.title,
    message: body,
    priority: ntfyPriority(message),
    tags: ntfyTags(message),
    ...(link !== null ? { click: link } : {}),
  }
}

function serverRoot(point: Extract<ContactPoint, { kind: 'ntfy' }>): string {
  const server = point.server.trim() === '' ? DEFAULT_NTFY_SERVER : point.server.trim()
  return `${server.replace(/\/+$/, '')}/`
}

export const ntfyChannel: Channel = {
  kind: 'ntfy',
  async send(message, point, ctx): Promise<SendAnswer> {
    if (point.kind !== 'ntfy') return refused(`Contact point ${point.id} is not an ntfy topic.`)
    const text = renderMessage(point, message)
    const token = ctx.secret !== null && ctx.secret.trim() !== '' ? ctx.secret.trim() : null
    const answer = await postOnce(
      {
        url: serverRoot(point),
        what: 'The ntfy server',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LiquidityWatch',
          ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(ntfyBody(message, point.topic, text)),
        secret: token,
      },
      ctx,
    )
    return withTemplateError(answer, text.error)
  },
}
