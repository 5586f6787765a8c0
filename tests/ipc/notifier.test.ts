// Only 'sent' decisions reach the OS (a fake at that boundary); each notification stays
// referenced until closed, clicked or answered; a click opens the asset it is about; on a platform
// that shows buttons, a snooze button snoozes its alerts through the given snooze, then opens it.
import { describe, expect, it } from 'vitest'
import {
  createNotifier,
  type OsNotification,
  type OsNotificationOptions,
} from '../../src/main/shell/notifier'
import type { SnoozeRequest } from '../../src/main/shell/notification-actions'
import type { NotificationDecision } from '../../src/shared/alert-rules'
import { utcTime } from '../../src/shared/local-time'
import type { NavigateEvent } from '../../src/shared/view-models'

/** Electron calls 'action' listeners with (event, index); the others ignore what they are given. */
type Listener = (event: unknown, index: number) => void

class FakeNotification implements OsNotification {
  static made: FakeNotification[] = []
  shown = false
  private readonly handlers = new Map<string, Listener[]>()
  constructor(readonly options: OsNotificationOptions) {
    FakeNotification.made.push(this)
  }
  on(event: string, listener: Listener): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener])
    return this
  }
  show(): void {
    this.shown = true
  }
  fire(event: string, index = 0): void {
    for (const l of this.handlers.get(event) ?? []) l({}, index)
  }
}

const NOW = new Date('2026-11-23T22:30:00Z')

function setup(o: { supported?: boolean; showsActions?: boolean; failSnooze?: boolean } = {}) {
  FakeNotification.made = []
  const opened: NavigateEvent[] = []
  const snoozed: SnoozeRequest[] = []
  const logged: string[] = []
  const notifier = createNotifier({
    create: (options) => new FakeNotification(options),
    isSupported: () => o.supported ?? true,
    showsActions: o.showsActions ?? false,
    open: (to) => opened.push(to),
    snooze: (req) => {
      snoozed.push(req)
      return o.failSnooze ? Promise.reject(new Error('disk full')) : Promise.resolve()
    },
    tz: utcTime,
    now: () => NOW,
    log: (line) => logged.push(line),
    icon: '/icons/app.png',
  })
  return { notifier, opened, snoozed, logged }
}

const sent = (symbol: string | null): Extract<NotificationDecision, { status: 'sent' }> => ({
  status: 'sent',
  title: `${symbol} TVL down 12 %`,
  body: 'over 7 days',
  symbol,
  eventIds: ['e1'],
  targets: symbol === null ? [] : [{ ruleId: 'r1', symbol }],
})

/** Lets the snooze promises and the open after them settle. */
const settle = (): Promise<void> => new Promise((r) => setImmediate(r))

describe('createNotifier', () => {
  it('shows sent decisions with title, body and icon, and no buttons where the platform shows none', () => {
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
    setup({ supported: false }).notifier.notify(sent('TSLA'))
    expect(FakeNotification.made).toEqual([])
  })

  it('keeps each notification referenced until it is closed or clicked; a click opens its asset', () => {
    const { notifier, opened } = setup()
    notifier.notify(sent('TSLA'))
    notifier.notify(sent(null))
    notifier.notify(sent('GOLD'))
    expect(notifier.live).toBe(3)
    const [tsla, general, gold] = FakeNotification.made
    tsla!.fire('click')
    general!.fire('click')
    gold!.fire('close')
    expect(notifier.live).toBe(0)
    expect(opened).toEqual([{ view: 'asset', symbol: 'TSLA' }, { view: 'alerts' }])
  })

  it('releases a notification the OS failed to show', () => {
    const { notifier } = setup()
    notifier.notify(sent('TSLA'))
    FakeNotification.made[0]!.fire('failed')
    expect(notifier.live).toBe(0)
  })
})

describe('snooze buttons (macOS)', () => {
  it('offers two snoozes on a notification about one symbol; a chosen one snoozes its alerts, then opens the asset', async () => {
    const { notifier, opened, snoozed } = setup({ showsActions: true })
    notifier.notify(sent('TSLA'))
    const n = FakeNotification.made[0]!
    expect(n.options.actions).toEqual([
      { type: 'button', text: 'Snooze 1 h' },
      { type: 'button', text: 'Snooze until tomorrow 08:00' },
    ])
    n.fire('action', 1)
    expect(notifier.live).toBe(0)
    await settle()
    // 22:30 UTC → 08:00 tomorrow: 9 h 30 min.
    expect(snoozed).toEqual([{ ruleId: 'r1', symbol: 'TSLA', minutes: 570 }])
    expect(opened).toEqual([{ view: 'asset', symbol: 'TSLA' }])
  })

  it('offers none on a digest of several symbols or a notice about no alert', () => {
    const { notifier } = setup({ showsActions: true })
    notifier.notify(sent(null))
    notifier.notify({ ...sent('TSLA'), targets: undefined })
    expect(FakeNotification.made.map((n) => n.options.actions)).toEqual([undefined, undefined])
  })

  it('a snooze that fails is logged and the asset still opens', async () => {
    const { notifier, opened, logged } = setup({ showsActions: true, failSnooze: true })
    notifier.notify(sent('TSLA'))
    FakeNotification.made[0]!.fire('action', 0)
    await settle()
    expect(logged).toEqual(['snooze from a notification failed: disk full'])
    expect(opened).toEqual([{ view: 'asset', symbol: 'TSLA' }])
  })
})
