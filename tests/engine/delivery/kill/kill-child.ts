// The child the SIGKILL test kills: it opens the outbox, queues this run's messages (written before
// anything is sent), sends everything queued to the receiver, and exits 0 once nothing is left.
// Bundled by the test with esbuild (plain node starts in a few tens of ms, 200 times).
import { Outbox } from '../../../../src/main/engine/delivery/outbox'
import { Sender } from '../../../../src/main/engine/delivery/sender'
import { messageId } from '../../../../src/main/engine/delivery/message-event'
import { contactPointSchema } from '../../../../src/shared/contact-points'
import { realClock } from '../../../../src/main/engine/poll/scheduler'
import { webhookChannel } from '../../../../src/main/engine/delivery/channels/webhook'

const [path, url, runText, perRunText] = process.argv.slice(2) as [string, string, string, string]
const run = Number(runText)
const perRun = Number(perRunText)
const now = new Date()
const outbox = Outbox.open(path, now)
const point = contactPointSchema.parse({ id: 'ops', name: 'ops', kind: 'webhook' })
outbox.enqueue(
  Array.from({ length: perRun }, (_, k) => {
    const n = run * perRun + k
    const eventIds = [`run${run}-e${k}`]
    return {
      kind: 'webhook' as const,
      holdUntil: null,
      message: {
        id: messageId('ops', eventIds),
        contactPointId: 'ops',
        status: 'firing' as const,
        severity: 'warning' as const,
        title: `alert ${n}`,
        body: `alert ${n}`,
        events: [],
        createdAt: now.toISOString(),
      },
    }
  }),
)
process.stdout.write('queued\n')
const sender = new Sender({
  outbox,
  clock: realClock,
  random: Math.random,
  channelFor: () => webhookChannel,
  points: () => new Map([['ops', { point, secret: () => Promise.resolve(url) }]]),
  maxAgeMs: () => 24 * 3_600_000,
  retry: { baseMs: 2, capMs: 20, maxRetryAfterMs: 20 },
})
outbox.startSession(now)
for (;;) {
  sender.kick()
  await sender.settled()
  if (outbox.depth() === 0) break
  await new Promise((r) => setTimeout(r, 5))
}
sender.stop()
outbox.close()
process.exit(0)
