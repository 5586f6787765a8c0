// Between settings and a config document, both ways, pure. An import replaces the watchlist, rules,
// contact points, polling and notification settings as one value (the settings store saves it in
// one atomic write); machine-local settings and each contact point's secret hint stay as they were.
import { contactPointSchema, type ContactPoint } from '../../shared/contact-points'
import type { Settings } from '../../shared/settings-schema'
import {
  CONFIG_VERSION,
  hintField,
  type ConfigContactPoint,
  type ConfigDocument,
} from './config-schema'

/** The settings as a config document (export). */
export function configFromSettings(s: Settings): ConfigDocument {
  return {
    version: CONFIG_VERSION,
    watchlist: [...s.watchlist],
    polling: { intervalMinutes: s.intervalMinutes, baseUrl: s.baseUrl },
    notifications: { ...s.notifications, quietHours: { ...s.quietHours } },
    contactPoints: s.contactPoints.map(withoutHint),
    rules: structuredClone(s.rules),
  }
}

function withoutHint(p: ContactPoint): ConfigContactPoint {
  const copy: Record<string, unknown> = structuredClone(p)
  const field = hintField(p.kind)
  if (field !== null) delete copy[field]
  return copy as ConfigContactPoint
}

/** A config point with the hint of the same point (id and kind) in the settings, if any. */
function withHint(p: ConfigContactPoint, before: readonly ContactPoint[]): ContactPoint {
  const point = contactPointSchema.parse(p)
  const field = hintField(point.kind)
  const same = before.find((b) => b.id === point.id && b.kind === point.kind)
  if (field === null || same === undefined) return point
  return { ...point, [field]: (same as Record<string, unknown>)[field] } as ContactPoint
}

/**
 * The settings with a config applied: what an import saves, and what the daemon's --config runs
 * on. Pure; `config` must come from parseConfigText/readConfigFile (already checked).
 */
export function settingsFromConfig(s: Settings, config: ConfigDocument): Settings {
  return {
    ...s,
    watchlist: [...config.watchlist],
    baseUrl: config.polling.baseUrl,
    intervalMinutes: config.polling.intervalMinutes,
    notifications: {
      enabled: config.notifications.enabled,
      notifyUnverified: config.notifications.notifyUnverified,
    },
    quietHours: { ...config.notifications.quietHours },
    contactPoints: config.contactPoints.map((p) => withHint(p, s.contactPoints)),
    rules: structuredClone(config.rules),
  }
}
