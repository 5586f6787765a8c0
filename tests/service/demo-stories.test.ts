// The app's own demo stories on the service it embeds (startDemoService's overlay option): a step
// from the moment played, against an untouched start of the 7-day window, gone after recover.
import { afterEach, describe, expect, it } from 'vitest'
import { DemoStories } from '../../src/main/service/demo-stories'
import { startDemoService, type DemoService } from '../../src/main/service/server'
import { ASSET, clockAt, ok } from './helpers'

interface Detail {
  totalTvl: number
  issuers: { name: string; totalTvl: number }[]
  history: { '7d': { tvl: number } }
  marketData: { tradfiAssetPrice: number }
}

const started: DemoService[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()))
})

async function serve(): Promise<{
  svc: DemoService
  stories: DemoStories
  tsla(): Promise<Detail>
}> {
  const clock = clockAt()
  const stories = new DemoStories(() => clock.now().getTime())
  const svc = await startDemoService({ now: clock.now, overlay: stories })
  started.push(svc)
  return { svc, stories, tsla: () => ok<Detail>(svc, `${ASSET}TSLA`) }
}

const issuer = (d: Detail, name: string): number => d.issuers.find((i) => i.name === name)!.totalTvl

describe('demo stories on the embedded service', () => {
  it('a drop takes 25 % off now, not off the start of the window, until back to normal', async () => {
    const { stories, tsla } = await serve()
    const before = await tsla()
    expect(stories.play('drop', ['ZZZZ', 'TSLA'])).toMatchObject({ story: 'drop', symbol: 'TSLA' })
    const during = await tsla()
    expect(during.totalTvl / before.totalTvl).toBeCloseTo(0.75, 2)
    expect(during.history['7d'].tvl).toBe(before.history['7d'].tvl)
    stories.recover()
    expect(stories.current()).toBeNull()
    expect(await tsla()).toEqual(before)
  })

  it('a migration moves TVL between issuers, an exit takes it away, a price move moves the price', async () => {
    const { stories, tsla } = await serve()
    const before = await tsla()
    stories.play('migration', ['TSLA'])
    const moved = await tsla()
    expect(moved.totalTvl / before.totalTvl).toBeCloseTo(1, 4)
    expect(issuer(moved, 'Backed')).toBeLessThan(issuer(before, 'Backed') * 0.5)
    expect(issuer(moved, 'Ondo')).toBeGreaterThan(issuer(before, 'Ondo'))

    stories.play('exit', ['TSLA']) // one story at a time: the migration ends
    const exited = await tsla()
    expect(issuer(exited, 'Backed') / issuer(before, 'Backed')).toBeCloseTo(0.1, 2)
    expect(issuer(exited, 'Ondo')).toBe(issuer(before, 'Ondo'))

    stories.play('price-move', ['TSLA'])
    const priced = await tsla()
    expect(priced.marketData.tradfiAssetPrice / before.marketData.tradfiAssetPrice).toBeCloseTo(
      0.8,
      2,
    )
    expect(priced.totalTvl / before.totalTvl).toBeCloseTo(0.8, 2)
  })
})
