// The chat presets against a local receiver that checks each body against the service's documented
// incoming-webhook format: Slack (text + Block Kit blocks), Discord (content + embeds), Microsoft
// Teams (a message with an Adaptive Card attachment) and Mattermost (text + attachments).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import type { WebhookFormat } from '../../../src/shared/contact-points'
import { ctx, message, point } from './fixtures'
import { startReceiver, type Receiver } from './receiver'

const plainText = z.object({ type: z.literal('plain_text'), text: z.string().min(1).max(150) })
const mrkdwn = z.object({ type: z.literal('mrkdwn'), text: z.string().min(1).max(3000) })
const slack = z
  .object({
    text: z.string().min(1),
    blocks: z
      .array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('header'), text: plainText.extend({ emoji: z.boolean() }) }),
          z.object({ type: z.literal('section'), text: mrkdwn }),
          z.object({ type: z.literal('context'), elements: z.array(mrkdwn).min(1).max(10) }),
        ]),
      )
      .min(1)
      .max(50),
  })
  .strict()

const discord = z
  .object({
    content: z.string().min(1).max(2000),
    allowed_mentions: z.object({ parse: z.array(z.string()).length(0) }),
    embeds: z
      .array(
        z.object({
          title: z.string().max(256),
          description: z.string().max(4096),
          color: z.number().int().min(0).max(0xffffff),
          timestamp: z.iso.datetime(),
          footer: z.object({ text: z.string().max(2048) }),
          fields: z
            .array(
              z.object({
                name: z.string().min(1).max(256),
                value: z.string().min(1).max(1024),
                inline: z.boolean(),
              }),
            )
            .max(25),
        }),
      )
      .min(1)
      .max(10),
  })
  .strict()

const textBlock = z.object({ type: z.literal('TextBlock'), text: z.string().min(1) }).loose()
const teams = z
  .object({
    type: z.literal('message'),
    attachments: z
      .array(
        z.object({
          contentType: z.literal('application/vnd.microsoft.card.adaptive'),
          contentUrl: z.null(),
          content: z.object({
            $schema: z.literal('http://adaptivecards.io/schemas/adaptive-card.json'),
            type: z.literal('AdaptiveCard'),
            version: z.string().regex(/^1\.[0-5]$/),
            body: z.array(textBlock).min(1),
          }),
        }),
      )
      .length(1),
  })
  .strict()

const mattermost = z
  .object({
    text: z.string().min(1).max(16383),
    username: z.string(),
    attachments: z.array(
      z.object({
        fallback: z.string().min(1),
        color: z.string().regex(/^#[0-9A-F]{6}$/i),
        footer: z.string(),
        fields: z.array(z.object({ title: z.string(), value: z.string(), short: z.boolean() })),
      }),
    ),
  })
  .strict()

const SCHEMAS: Record<Exclude<WebhookFormat, 'json'>, z.ZodType> = {
  slack,
  discord,
  teams,
  mattermost,
}

let rx: Receiver
beforeAll(async () => {
  rx = await startReceiver()
})
afterAll(async () => {
  await rx.close()
})
beforeEach(() => {
  rx.received.length = 0
})

describe('webhook presets', () => {
  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    '%s: the body is the service’s documented incoming-webhook format, with the alert’s text',
    async (format) => {
      const answer = await channelFor('webhook')!.send(
        message(),
        point({ kind: 'webhook', format }),
        ctx(`${rx.url}/hooks/${format}/s3cret`),
      )
      expect(answer).toMatchObject({ ok: true })
      const req = rx.received[0]!
      expect(req.headers['idempotency-key']).toBe('msg-1f3a')
      const body = SCHEMAS[format].parse(JSON.parse(req.body))
      const all = JSON.stringify(body)
      expect(all).toContain('TSLA: 7-day TVL drop ≥ 10 %')
      expect(all).toContain('TSLA 7-day TVL −12.3 %')
    },
  )

  it('slack: alert text cannot make links or mentions (mrkdwn escaped)', async () => {
    const m = message({ body: 'see <!channel> & <https://evil.example|here>' })
    await channelFor('webhook')!.send(
      m,
      point({ kind: 'webhook', format: 'slack' }),
      ctx(`${rx.url}/s`),
    )
    const body = slack.parse(JSON.parse(rx.received[0]!.body))
    expect(JSON.stringify(body)).not.toMatch(/<!channel>|<https:/)
    expect(body.blocks[1]).toMatchObject({
      text: { text: 'see &lt;!channel&gt; &amp; &lt;https://evil.example|here&gt;' },
    })
  })

  it('discord: long text is clipped to its limits, and a resolved message is green', async () => {
    const m = message({ status: 'resolved', title: 'T'.repeat(3000), body: 'B'.repeat(9000) })
    await channelFor('webhook')!.send(
      m,
      point({ kind: 'webhook', format: 'discord' }),
      ctx(`${rx.url}/d`),
    )
    const body = discord.parse(JSON.parse(rx.received[0]!.body))
    expect(body.embeds[0]!.color).toBe(0x2eb67d)
    expect(body.embeds[0]!.description.length).toBeLessThanOrEqual(4096)
  })

  it('discord: a grouped message of many events stays within the 6000 characters an embed may hold', async () => {
    const ev = message().events[0]!
    const events = Array.from({ length: 40 }, (_, i) => ({
      ...ev,
      id: `e${i}`,
      symbol: `SYM${i}`,
      text: `SYM${i} ${'fell a lot '.repeat(60)}`,
    }))
    const m = message({ status: 'digest', body: 'D'.repeat(3000), events })
    await channelFor('webhook')!.send(
      m,
      point({ kind: 'webhook', format: 'discord' }),
      ctx(`${rx.url}/d`),
    )
    const embed = discord.parse(JSON.parse(rx.received[0]!.body)).embeds[0]!
    const total =
      embed.title.length +
      embed.description.length +
      embed.footer.text.length +
      embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0)
    expect(total).toBeLessThanOrEqual(6000)
    expect(embed.fields.length).toBeGreaterThan(0)
    expect(embed.description).toBe('D'.repeat(3000))
  })
})
