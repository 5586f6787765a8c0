// The demo service as the app embeds it (src/main/service): the same data as the development
// service with no scenarios, and nothing of the development tools: /__admin is an unknown path
// there even with the key, so no one on the machine can script what the app shows.
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoService, type DemoService } from '../../src/main/service/server'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { ANALYTICS, ASSET, clockAt, errorOf, get, ok } from './helpers'

const started: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()))
})

async function both(): Promise<{ demo: DemoService; dev: LocalService }> {
  const clock = clockAt()
  const demo = await startDemoService({ now: clock.now })
  const dev = await startLocalService({ now: clock.now, admin: true })
  started.push(demo, dev)
  return { demo, dev }
}

describe("the app's demo service", () => {
  it('answers as the development service does with no scenarios', async () => {
    const { demo, dev } = await both()
    for (const path of [`${ASSET}TSLA`, `${ANALYTICS}?groupBy=issuer&days=30`]) {
      expect(await ok(demo, path)).toEqual(await ok(dev, path))
    }
  })

  it('has no /__admin routes, even for a client with the key', async () => {
    const { demo } = await both()
    const r = await get(demo, '/__admin/scenarios')
    expect(r.status).toBe(404)
    expect(errorOf(r).code).toBe('not_found')
    const posted = await fetch(`${demo.url}/__admin/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'status', status: 503 }),
    })
    expect(posted.status).toBe(404)
    // The next API call is not bent by the refused fault.
    expect((await get(demo, `${ASSET}TSLA`)).status).toBe(200)
  })
})
