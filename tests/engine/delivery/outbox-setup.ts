// What the outbox and sender tests share: cleanups run after each test, a temp dir with an outbox
// file, a FakeClock and a real HTTP receiver on 127.0.0.1.
import { afterEach } from 'vitest'
import { join } from 'node:path'
import { WebhookReceiver } from '../../support/webhook-receiver'
import { FakeClock, Outbox, tempDir } from './delivery-fixtures'

export const MIN = 60_000
export const START = '2026-03-02T12:00:00Z'

/** Registers the afterEach that runs what a test pushed (in reverse); returns the list to push to. */
export function useCleanups(): (() => Promise<void> | void)[] {
  const cleanups: (() => Promise<void> | void)[] = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })
  return cleanups
}

export interface OutboxSetup {
  dir: string
  /** The outbox file's path. */
  path: string
  clock: FakeClock
  outbox: Outbox
  rx: WebhookReceiver
}

/** A temp dir (removed after the test) with its outbox file open, a FakeClock and a receiver. */
export async function outboxSetup(
  cleanups: (() => Promise<void> | void)[],
  start: string = START,
): Promise<OutboxSetup> {
  const { dir, cleanup } = await tempDir()
  const path = join(dir, 'outbox.sqlite')
  const clock = new FakeClock(start)
  const outbox = Outbox.open(path, clock.date())
  const rx = await WebhookReceiver.start()
  cleanups.push(
    cleanup,
    () => rx.close(),
    () => outbox.close(),
  )
  return { dir, path, clock, outbox, rx }
}

/** A temp dir (removed after the test) and a receiver, for tests that open the outbox themselves. */
export async function dirAndReceiver(
  cleanups: (() => Promise<void> | void)[],
): Promise<{ dir: string; rx: WebhookReceiver }> {
  const { dir, cleanup } = await tempDir()
  const rx = await WebhookReceiver.start()
  cleanups.push(cleanup, () => rx.close())
  return { dir, rx }
}

/** A temp dir removed after the test. */
export async function cleanDir(cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const { dir, cleanup } = await tempDir()
  cleanups.push(cleanup)
  return dir
}
