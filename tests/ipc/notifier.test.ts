// Only 'sent' decisions reach the OS (a fake at that boundary); each notification stays
// referenced until closed, and a click opens the asset it is about.
import { describe, expect, it } from 'vitest'
import { createNotifier, type OsNotification } from '../../src/main/shell/notifier'
import type { NotificationDecision } from '../../src/shared/alert-rules'

class FakeNotification implements OsNotification {
  static made: FakeNotification[] = []
  shown = false
  private readonly handlers = new Map<string, (() => void)[]>()
  constructor(readonly options: { title: string; body: string; icon?: string }) {
    FakeNotification.made.push(this)
  }
  on(event: string, listener: () => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener])
    return this
  }
  show(): void {
    this.shown = true
  }
  fire(event: string): void {
    for (const l of this.handlers.get(event) ?? []) l()
  }
}

function setup(supported = true) {
  FakeNotification.made = []
  const clicks: (string | null)[] = []
  const notifier = createNotifier({
    create: (o) => new FakeNotification(o),
    isSupported: () => supported,
    onClick: (s) => clicks.push(s),
    icon: '/icons/app.png',
  })
  return { notifier, clicks }
}

const sent = (symbol: string | null): NotificationDecision => ({
  status: 'sent',
  title: `${symbol} TVL down 12 %`,
  body: 'over 7 days',
  symbol,
  eventIds: ['e1'],
})

describe('createNotifier', () => {
  it('shows sent decisions with title, body and icon', () => {
    const { notifier } = setup()
    notifier.notify(sent('TSLA'))
    expect(FakeNotification.made).toHaveLength(1)
    expect(FakeNotification.made[0]!.options).toEqual({
      title: 'TSLA TVL down 12 %',
      body: 'over 7 days',
      icon: '/icons/app.png',
    })
    expect(FakeNotification.made[0]!.shown).toBe(true)
  })

  it('shows nothing for held or suppressed decisions, or where unsupported', () => {
    const { notifier } = setup()
    notifier.notify({
      status: 'held',
      reason: 'quiet-hours',
      note: 'n',
      title: 't',
      body: 'b',
      eventIds: [],
    })
    notifier.notify({ status: 'suppressed', reason: 'snoozed', note: 'n', eventIds: [] })
    setup(false).notifier.notify(sent('TSLA'))
    expect(FakeNotification.made).toEqual([])
  })

  it('keeps each notification referenced until it is closed or clicked', () => {
    const { notifier, clicks } = setup()
    notifier.notify(sent('TSLA'))
    notifier.notify(sent(null))
    notifier.notify(sent('GOLD'))
    expect(notifier.live).toBe(3)
    const [tsla, general, gold] = FakeNotification.made
    tsla!.fire('click')
    general!.fire('click')
    gold!.fire('close')
    expect(notifier.live).toBe(0)
    expect(clicks).toEqual(['TSLA', null])
  })

  it('releases a notification the OS failed to show', () => {
    const { notifier } = setup()
    notifier.notify(sent('TSLA'))
    FakeNotification.made[0]!.fire('failed')
    expect(notifier.live).toBe(0)
  })
})
