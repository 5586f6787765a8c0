// Debian's Chromium, headless, with the flags the project documents (docs/DEVELOPING.md).
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Chromium crashes with libfaketime preloaded, so it runs on the wall clock, and each page is given
 * the suite's pinned clock instead (tests/support/pinned-clock.ts): the test process's offset is
 * in FAKETIME, in seconds.
 */
function wallEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'LD_PRELOAD' && !k.startsWith('FAKETIME')) env[k] = v
  return env
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    env: wallEnv(),
  })
}

/** Moves the pages' Date by the suite's clock offset, before any script of theirs runs. */
export async function shareTestClock(context: BrowserContext): Promise<void> {
  const offsetMs = Number(process.env.FAKETIME ?? 0) * 1000
  if (!Number.isFinite(offsetMs) || offsetMs === 0) return
  await context.addInitScript((offset: number) => {
    const Real = Date
    const now = (): number => Real.now() + offset
    class PinnedDate extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(now())
        else super(...(args as [number]))
      }
      static override now(): number {
        return now()
      }
    }
    ;(globalThis as unknown as { Date: DateConstructor }).Date = PinnedDate as DateConstructor
  }, offsetMs)
}
