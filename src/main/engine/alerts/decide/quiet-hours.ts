// Whether notifications must be held right now: a tray pause, or quiet hours in local time.
import { localMinuteOfDay, utcTime, type UtcOffset } from '../../../../shared/local-time'

export interface NotifyPrefs {
  notificationsEnabled: boolean
  quietHours: { enabled: boolean; start: string; end: string }
  pausedUntil: string | null
  /** Notify alerts whose reported and computed figures disagree, marked (default: hold them). */
  notifyUnverified: boolean
  /** The user's time zone, for quiet hours and the times in messages; default UTC. */
  utcOffset?: UtcOffset
}

function parseHhmm(s: string): number {
  const [h = '0', m = '0'] = s.split(':')
  return Number(h) * 60 + Number(m)
}

/** Start inclusive, end exclusive; start > end wraps midnight; start === end is an empty window. */
export function inQuietHours(now: Date, prefs: NotifyPrefs): boolean {
  const q = prefs.quietHours
  if (!q.enabled) return false
  const start = parseHhmm(q.start)
  const end = parseHhmm(q.end)
  const m = localMinuteOfDay(now, prefs.utcOffset ?? utcTime)
  if (start === end) return false
  return start < end ? m >= start && m < end : m >= start || m < end
}

export function holdReason(now: Date, prefs: NotifyPrefs): 'paused' | 'quiet-hours' | null {
  if (prefs.pausedUntil !== null && Date.parse(prefs.pausedUntil) > now.getTime()) return 'paused'
  return inQuietHours(now, prefs) ? 'quiet-hours' : null
}
