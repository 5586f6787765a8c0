// What a notification offers and what choosing an action does: plain TS, no Electron.
import { describe, expect, it } from 'vitest'
import {
  chooseAction,
  minutesUntilTomorrow,
  notificationActions,
} from '../../src/main/shell/notification-actions'
import type { NotificationDecision } from '../../src/shared/alert-rules'
import { utcTime } from '../../src/shared/local-time'

const one: NotificationDecision = {
  status: 'sent',
  title: 'TSLA TVL down 12.0 % in 7 days',
  body: '',
  symbol: 'TSLA',
  eventIds: ['a', 'b'],
  targets: [
    { ruleId: 'drop', symbol: 'TSLA' },
    { ruleId: 'pools', symbol: 'TSLA' },
  ],
}

describe('notification actions', () => {
  it('a notification about one symbol offers both snoozes where the platform shows buttons', () => {
    expect(notificationActions(one, true).map((a) => a.label)).toEqual([
      'Snooze 1 h',
      'Snooze until tomorrow 08:00',
    ])
    expect(notificationActions(one, false)).toEqual([])
  })

  it('a digest of several symbols, a test notification or a held decision offers none', () => {
    const digest = {
      ...one,
      symbol: null,
      targets: [...one.targets!, { ruleId: 'drop', symbol: 'NVDA' }],
    }
    expect(notificationActions(digest, true)).toEqual([])
    expect(notificationActions({ ...one, targets: [] }, true)).toEqual([])
    const held: NotificationDecision = {
      status: 'held',
      reason: 'paused',
      note: '',
      title: '',
      body: '',
      eventIds: [],
    }
    expect(notificationActions(held, true)).toEqual([])
  })

  it('"Snooze 1 h" snoozes every rule of the notification on its symbol and opens its asset', () => {
    const offered = notificationActions(one, true)
    expect(chooseAction(one, offered, 0, new Date('2026-11-23T10:00:00Z'), utcTime)).toEqual({
      snoozes: [
        { ruleId: 'drop', symbol: 'TSLA', minutes: 60 },
        { ruleId: 'pools', symbol: 'TSLA', minutes: 60 },
      ],
      open: { view: 'asset', symbol: 'TSLA' },
    })
    expect(chooseAction(one, offered, 2, new Date(), utcTime)).toBeNull()
    expect(chooseAction(one, [], 0, new Date(), utcTime)).toBeNull()
  })

  it('"until tomorrow" ends at 08:00 on the next local day, even just after midnight', () => {
    const at = new Date('2026-11-23T22:30:00Z')
    expect(minutesUntilTomorrow(at, utcTime)).toBe(9 * 60 + 30)
    // 23:30 in UTC+1; and 00:30 the next day in UTC+2: tomorrow is the day after that.
    expect(minutesUntilTomorrow(at, () => 60)).toBe(8 * 60 + 30)
    expect(minutesUntilTomorrow(at, () => 120)).toBe(31 * 60 + 30)
  })
})
