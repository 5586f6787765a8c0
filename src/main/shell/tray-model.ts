// What the tray shows for an engine status: tooltip, icon variant and menu entries.
// Electron-free (tray.ts only renders it), so the wording and states are tested in Node.
import { DEMO_LABEL, linkFacts, linkWords } from '../../shared/link-state'
import { failingWords } from '../../shared/contact-point-views'
import type { EngineStatus } from '../../shared/view-models'

export type TrayAction =
  'open-alerts' | 'open' | 'refresh' | 'pause-1h' | 'resume-notifications' | 'quit'

export type TrayMenuEntry =
  { type: 'item'; id: TrayAction; label: string; enabled: boolean } | { type: 'separator' }

export interface TrayModel {
  tooltip: string
  icon: 'normal' | 'alert'
  entries: TrayMenuEntry[]
}

/** Windows truncates tray tooltips past 127 characters. */
const MAX_TOOLTIP = 127
const APP = 'Liquidity Watch'

const defaultTime = (d: Date): string =>
  d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

function headline(s: EngineStatus): string {
  if (s.firingCount > 0) return `${s.firingCount} alert${s.firingCount === 1 ? '' : 's'} firing`
  switch (s.worstState) {
    case 'error':
      // 'error' is a row whose fetch failed this poll, never a broken rule.
      return 'could not fetch the latest data'
    case 'stale':
      return 'data is stale'
    case 'nodata':
      return 'no data yet'
    case 'pending':
      return 'an alert is pending'
    default:
      return 'all clear'
  }
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

/** The menu's first line: some desktops (GNOME's AppIndicator) never show the tooltip. */
function stateEntry(status: EngineStatus | null): TrayMenuEntry {
  return status
    ? {
        type: 'item',
        id: 'open-alerts',
        label: `${capitalize(headline(status))} — show alerts`,
        enabled: true,
      }
    : { type: 'item', id: 'open-alerts', label: 'Starting…', enabled: false }
}

function pausedUntil(s: EngineStatus | null, now: Date): Date | null {
  if (!s?.notificationsPausedUntil) return null
  const until = new Date(s.notificationsPausedUntil)
  return until.getTime() > now.getTime() ? until : null
}

export function buildTrayModel(
  status: EngineStatus | null,
  now: Date,
  formatTime: (d: Date) => string = defaultTime,
): TrayModel {
  const paused = pausedUntil(status, now)
  const parts = [status ? headline(status) : 'starting…']
  // The state of the link in the words of the banner and the status bar (shared/link-state.ts).
  // Lower case: the tooltip is one sentence. (A status from before `link` says its connection.)
  const link =
    status?.link ?? (status ? linkFacts({ ...status, dataFrom: null, failedRows: [] }) : null)
  if (link && link.kind !== 'online' && link.kind !== 'starting')
    parts.push(
      lower(linkWords(link, { time: (iso) => formatTime(new Date(iso)), age: () => '' }).label),
    )
  const failing = failingWords(status?.failingContactPoints ?? [])
  if (failing) parts.push(lower(failing))
  if (status?.mode === 'demo') parts.push(lower(DEMO_LABEL))
  if (paused) parts.push(`notifications paused until ${formatTime(paused)}`)
  const tooltip = `${APP} — ${parts.join(' · ')}`
  return {
    tooltip: tooltip.length <= MAX_TOOLTIP ? tooltip : `${tooltip.slice(0, MAX_TOOLTIP - 1)}…`,
    icon: status && status.firingCount > 0 ? 'alert' : 'normal',
    entries: [
      stateEntry(status),
      // A contact point that keeps failing is news the user must act on: its own line.
      ...(failing
        ? [
            {
              type: 'item',
              id: 'open-alerts',
              label: `${failing} — show the delivery log`,
              enabled: true,
            } as const,
          ]
        : []),
      { type: 'separator' },
      { type: 'item', id: 'open', label: `Open ${APP}`, enabled: true },
      {
        type: 'item',
        id: 'refresh',
        label: 'Refresh now',
        enabled: status !== null && !status.refreshing,
      },
      paused
        ? {
            type: 'item',
            id: 'resume-notifications',
            label: `Resume notifications (paused until ${formatTime(paused)})`,
            enabled: true,
          }
        : {
            type: 'item',
            id: 'pause-1h',
            label: 'Pause notifications for 1 hour',
            enabled: status !== null,
          },
      { type: 'separator' },
      { type: 'item', id: 'quit', label: `Quit ${APP}`, enabled: true },
    ],
  }
}
