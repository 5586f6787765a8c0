// The tray tells the worst alert state and firing count at a glance, and offers the four actions.
import { describe, expect, it } from 'vitest'
import { buildTrayModel, type TrayMenuEntry } from '../../src/main/shell/tray-model'
import type { EngineStatus } from '../../src/shared/view-models'

const now = new Date('2025-03-01T12:00:00Z')
const hhmm = (d: Date): string => d.toISOString().slice(11, 16)

function status(over: Partial<EngineStatus> = {}): EngineStatus {
  return {
    mode: 'live',
    baseUrl: 'https://api.example.com',
    connection: 'online',
    refreshing: false,
    lastSuccessAt: null,
    lastAttemptAt: null,
    nextPollAt: null,
    staleSince: null,
    lastError: null,
    firingCount: 0,
    worstState: 'ok',
    notificationsPausedUntil: null,
    notices: [],
    ...over,
  }
}

const ids = (entries: TrayMenuEntry[]): string[] =>
  entries.map((e) => (e.type === 'item' ? e.id : '---'))
const item = (entries: TrayMenuEntry[], id: string) =>
  entries.find((e) => e.type === 'item' && e.id === id)

describe('buildTrayModel', () => {
  it.each([
    [
      { firingCount: 3, worstState: 'firing' as const },
      'Liquidity Watch — 3 alerts firing',
      'alert',
    ],
    [
      { firingCount: 1, worstState: 'firing' as const },
      'Liquidity Watch — 1 alert firing',
      'alert',
    ],
    [
      { worstState: 'error' as const },
      'Liquidity Watch — could not fetch the latest data',
      'normal',
    ],
    [
      { worstState: 'stale' as const, connection: 'offline' as const },
      'Liquidity Watch — data is stale · offline',
      'normal',
    ],
    [{ worstState: 'nodata' as const }, 'Liquidity Watch — no data yet', 'normal'],
    [{ worstState: 'pending' as const }, 'Liquidity Watch — an alert is pending', 'normal'],
    [{ mode: 'demo' as const }, 'Liquidity Watch — all clear · demo data', 'normal'],
    [{ connection: 'paused' as const }, 'Liquidity Watch — all clear · polling paused', 'normal'],
  ])('%j → %s', (over, tooltip, icon) => {
    const m = buildTrayModel(status(over), now, hhmm)
    expect(m.tooltip).toBe(tooltip)
    expect(m.icon).toBe(icon)
  })

  it('offers Open, Refresh now, Pause for 1 h and Quit, under the state of the alerts', () => {
    const m = buildTrayModel(status(), now, hhmm)
    expect(ids(m.entries)).toEqual([
      'open-alerts',
      '---',
      'open',
      'refresh',
      'pause-1h',
      '---',
      'quit',
    ])
    expect(m.entries.every((e) => e.type === 'separator' || e.enabled)).toBe(true)
  })

  // The menu, not only the tooltip (which some desktops never show), says the worst state and count.
  it.each([
    [{ firingCount: 3, worstState: 'firing' as const }, '3 alerts firing — show alerts'],
    [{ firingCount: 1, worstState: 'firing' as const }, '1 alert firing — show alerts'],
    [{ worstState: 'pending' as const }, 'An alert is pending — show alerts'],
    [{ worstState: 'error' as const }, 'Could not fetch the latest data — show alerts'],
    [{ worstState: 'stale' as const }, 'Data is stale — show alerts'],
    [{ worstState: 'nodata' as const }, 'No data yet — show alerts'],
    [{ worstState: 'ok' as const }, 'All clear — show alerts'],
  ])('its first entry tells %j', (over, label) => {
    expect(item(buildTrayModel(status(over), now, hhmm).entries, 'open-alerts')).toMatchObject({
      label,
      enabled: true,
    })
  })

  it('offers to resume while notifications are paused, with the time', () => {
    const m = buildTrayModel(
      status({ notificationsPausedUntil: '2025-03-01T13:00:00Z' }),
      now,
      hhmm,
    )
    expect(ids(m.entries)).toEqual([
      'open-alerts',
      '---',
      'open',
      'refresh',
      'resume-notifications',
      '---',
      'quit',
    ])
    expect(item(m.entries, 'resume-notifications')).toMatchObject({
      label: 'Resume notifications (paused until 13:00)',
    })
    expect(m.tooltip).toContain('notifications paused until 13:00')
  })

  it('ignores a pause that has already ended', () => {
    const m = buildTrayModel(
      status({ notificationsPausedUntil: '2025-03-01T11:59:00Z' }),
      now,
      hhmm,
    )
    expect(ids(m.entries)).toContain('pause-1h')
  })

  it('disables Refresh while refreshing and before the first status', () => {
    expect(
      item(buildTrayModel(status({ refreshing: true }), now, hhmm).entries, 'refresh'),
    ).toMatchObject({ enabled: false })
    const starting = buildTrayModel(null, now, hhmm)
    expect(starting.tooltip).toBe('Liquidity Watch — starting…')
    expect(item(starting.entries, 'refresh')).toMatchObject({ enabled: false })
    expect(item(starting.entries, 'open')).toMatchObject({ enabled: true })
    expect(item(starting.entries, 'open-alerts')).toMatchObject({
      label: 'Starting…',
      enabled: false,
    })
  })

  it('keeps the tooltip within the Windows limit', () => {
    const m = buildTrayModel(
      status({
        firingCount: 12,
        connection: 'offline',
        mode: 'demo',
        notificationsPausedUntil: '2025-03-01T13:00:00Z',
      }),
      now,
      () => 'a very long localized time format that goes on and on and on and on and on and on',
    )
    expect(m.tooltip.length).toBeLessThanOrEqual(127)
  })

  it('says when a contact point keeps failing, in the tooltip and as a menu line to the delivery log', () => {
    const failing = [
      {
        id: 'team-slack',
        name: 'Team Slack',
        lastError: 'HTTP 500',
        since: '2025-03-01T11:00:00Z',
      },
    ]
    const m = buildTrayModel(status({ failingContactPoints: failing }), now, hhmm)
    expect(m.tooltip).toBe('Liquidity Watch — all clear · contact point Team Slack keeps failing')
    expect(item(m.entries, 'open-alerts')).toBeDefined()
    expect(m.entries[1]).toMatchObject({
      type: 'item',
      id: 'open-alerts',
      label: 'Contact point Team Slack keeps failing — show the delivery log',
    })
    expect(buildTrayModel(status({ failingContactPoints: [] }), now, hhmm).entries[1]).toEqual({
      type: 'separator',
    })
  })
})
