// Bodies for chat services' incoming webhooks, each in the shape the service documents:
// Slack (`text` + Block Kit `blocks`), Discord (`content` + `embeds`), Microsoft Teams (an Adaptive
// Card message, what Teams' Workflows webhooks take since Office 365 connectors were retired) and
// Mattermost (`text` + optional `attachments`). Text is clipped to each service's limits.
import type { WebhookFormat } from '../../../../shared/contact-points'
import type { OutboundMessage } from '../model'
import type { RenderedMessage } from '../templates/render'

type Preset = Exclude<WebhookFormat, 'json'>

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** Hex colour of the message: recovery green, then by severity. */
export function messageColour(message: OutboundMessage): string {
  if (message.status === 'resolved') return '2EB67D'
  return { critical: 'D93F0B', warning: 'E8A317', info: '3B82F6' }[message.severity]
}

function footer(message: OutboundMessage): string {
  return `Liquidity Watch · ${message.status} · ${message.severity}`
}

/** Slack's mrkdwn treats &, < and > as markup: escaped so alert text cannot make links or mentions. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function slack(message: OutboundMessage, text: RenderedMessage): unknown {
  return {
    text: clip(slackEscape(`${text.title}\n${text.body}`), 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(text.title, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(slackEscape(text.body), 3000) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(footer(message)) }] },
    ],
  }
}

/** Discord refuses an embed whose title, description, footer and fields add up to more than this. */
const DISCORD_EMBED_TOTAL = 6000

/** A field per event while they fit in what the embed has left; the rest said as a count. */
function discordFields(message: OutboundMessage, room: number) {
  const fields: { name: string; value: string; inline: boolean }[] = []
  let left = room
  for (const [i, e] of message.events.entries()) {
    const name = clip(`${e.symbol} · ${e.ruleName}`, 256)
    const value = clip(e.text ?? e.type, 1024) || e.type
    const rest = message.events.length - i
    // Keep room for the "and N more" field whenever events remain after this one.
    const reserve = rest > 1 ? 40 : 0
    if (fields.length === 24 || name.length + value.length + reserve > left) {
      const more = { name: 'More', value: `and ${rest} more`, inline: false }
      if (more.name.length + more.value.length <= left) fields.push(more)
      break
    }
    fields.push({ name, value, inline: false })
    left -= name.length + value.length
  }
  return fields
}

function discord(message: OutboundMessage, text: RenderedMessage): unknown {
  const title = clip(text.title, 256)
  const description = clip(text.body, 4096)
  const foot = footer(message)
  return {
    content: clip(text.title, 2000),
    // Alert text never pings anyone (@everyone, roles, users).
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title,
        description,
        color: Number.parseInt(messageColour(message), 16),
        timestamp: message.createdAt,
        footer: { text: foot },
        fields: discordFields(
          message,
          DISCORD_EMBED_TOTAL - title.length - description.length - foot.length,
        ),
      },
    ],
  }
}

function teams(message: OutboundMessage, text: RenderedMessage): unknown {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: clip(text.title, 250),
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              color:
                message.status === 'resolved'
                  ? 'Good'
                  : message.severity === 'critical'
                    ? 'Attention'
                    : 'Warning',
            },
            { type: 'TextBlock', text: clip(text.body, 4000), wrap: true },
            { type: 'TextBlock', text: footer(message), isSubtle: true, size: 'Small', wrap: true },
          ],
        },
      },
    ],
  }
}

function mattermost(message: OutboundMessage, text: RenderedMessage): unknown {
  return {
    text: clip(`#### ${text.title}\n${text.body}`, 16_000),
    username: 'Liquidity Watch',
    attachments:
      message.events.length === 0
        ? []
        : [
            {
              fallback: clip(text.title, 250),
              color: `#${messageColour(message)}`,
              footer: footer(message),
              fields: message.events.slice(0, 20).map((e) => ({
                title: clip(`${e.symbol} · ${e.ruleName}`, 250),
                value: clip(e.text ?? e.type, 1000) || e.type,
                short: false,
              })),
            },
          ],
  }
}

const PRESETS: Record<Preset, (m: OutboundMessage, t: RenderedMessage) => unknown> = {
  slack,
  discord,
  teams,
  mattermost,
}

export function presetBody(
  format: Preset,
  message: OutboundMessage,
  text: RenderedMessage,
): unknown {
  return PRESETS[format](message, text)
}
