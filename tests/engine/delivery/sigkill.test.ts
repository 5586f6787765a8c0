// SIGKILL at random points of delivery, 200 times: a child process queues and sends, and is killed
// by a timer, or by the receiver as a request arrives (before it answers) or just after it
// answered (before the child can mark the message sent). A last run drains what is left. Nothing
// queued is lost, and a receiver that de-duplicates by Idempotency-Key shows each message once.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Outbox } from '../../../src/main/engine/delivery/outbox'
import { WebhookReceiver } from '../../support/webhook-receiver'
import { tempDir } from './delivery-fixtures'

const RUNS = 200
const PER_RUN = 2
let dir: string
let cleanup: () => Promise<void>
let childJs: string

beforeAll(async () => {
  ;({ dir, cleanup } = await tempDir())
  childJs = join(dir, 'kill-child.mjs')
  await build({
    entryPoints: [fileURLToPath(new URL('./kill/kill-child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: childJs,
    logLevel: 'silent',
    // CommonJS dependencies bundled into ESM still call require().
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  })
}, 120_000)
afterAll(() => cleanup())

/** A fixed sequence: the same kills every run of the test. */
function prng(seed: number): () => number {
  let s = seed
  return () => (s = (s * 16807) % 2147483647) / 2147483647
}

function runChild(args: string[], kill: (c: ChildProcess) => void): Promise<number | null> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [childJs, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    kill(c)
    c.on('exit', (code) => resolve(code))
  })
}

describe('outbox under SIGKILL', () => {
  it(
    `${RUNS} runs killed at random points: 0 lost, 0 duplicates by idempotency id`,
    { timeout: 600_000 },
    async () => {
      const rx = await WebhookReceiver.start()
      const path = join(dir, 'outbox.sqlite')
      const random = prng(20_260_302)
      let current: ChildProcess | null = null
      let mode: 'on-request' | 'after-answer' | 'timer' = 'timer'
      const killNow = (): void => void current?.kill('SIGKILL')
      rx.answer = () => {
        if (mode === 'on-request' && random() < 0.5) killNow()
        return { status: 200 }
      }
      rx.afterAnswer = () => {
        if (mode === 'after-answer' && random() < 0.5) killNow()
      }
      let killed = 0
      try {
        for (let run = 0; run < RUNS; run++) {
          const r = random()
          mode = r < 0.35 ? 'on-request' : r < 0.7 ? 'after-answer' : 'timer'
          const code = await runChild([path, rx.url, String(run), String(PER_RUN)], (c) => {
            current = c
            if (mode === 'timer') {
              const t = setTimeout(() => c.kill('SIGKILL'), Math.floor(random() * 80))
              c.on('exit', () => clearTimeout(t))
            }
          })
          if (code !== 0) killed++
        }
        mode = 'timer'
        current = null
        // The last run is left alone: it sends what every killed run left.
        expect(await runChild([path, rx.url, String(RUNS), '0'], () => undefined)).toBe(0)

        const outbox = Outbox.open(path, new Date())
        const records = outbox.list(100_000).reverse()
        outbox.close()
        const queuedIds = records.map((r) => r.id)
        // Every message a run queued (up to 2 each; a run killed before queuing queued none).
        expect(records.every((r) => r.status === 'sent')).toBe(true)
        // 0 lost: each was accepted; 0 duplicates: the receiver kept each key once, in queue order.
        expect(rx.accepted).toEqual(queuedIds)
        const rawOk = rx.log.filter((x) => x.status < 300).length
        const reSends = rawOk - rx.accepted.length
        console.info(
          `SIGKILL test: ${RUNS} runs, ${killed} killed, ${queuedIds.length} messages queued, ` +
            `${rx.log.length} requests, ${reSends} raw re-sends (de-duplicated by Idempotency-Key).`,
        )
        expect(killed).toBeGreaterThan(RUNS / 2)
        expect(queuedIds.length).toBeGreaterThan(RUNS)
      } finally {
        await rx.close()
      }
    },
  )
})
