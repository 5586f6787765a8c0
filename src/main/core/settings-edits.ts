// The edits the facade makes to the stored settings for the user — the watchlist (a symbol the
// service knows), a settings patch, rules, a pause — each validated and saved by the settings
// store, and what the running core must do about it. AppCore applies these and tells the UI.
import type { AlertRule } from '../../shared/alert-rules'
import { applySettingsPatch, type Settings, type SettingsPatch } from '../../shared/settings-schema'
import { assetRequest } from '../engine/storage/cache-keys'
import type { CoreSettings } from './core-settings'
import type { DataSource } from './data-source'

/** Runs fn now; a throw (e.g. settings that cannot be saved) becomes a rejection, never a sync throw. */
export function settle<T>(fn: () => T): Promise<T> {
  return new Promise((resolve) => resolve(fn()))
}

/**
 * The service is the authority on symbols (its 404 carries a hint: "did you mean TSLA?"), so a
 * symbol is added once it answered. The answer goes to the cache of the source that gave it, even
 * if the source changes meanwhile.
 */
export async function addToWatchlist(
  settings: CoreSettings,
  data: Pick<DataSource, 'current'>,
  symbol: string,
  now: Date,
): Promise<Settings> {
  const { connection, cache } = data.current()
  const detail = await connection.client.getAsset(symbol)
  cache.put(assetRequest(symbol), detail, now)
  return settings.update((s) =>
    s.watchlist.includes(symbol) ? s : { ...s, watchlist: [...s.watchlist, symbol] },
  )
}

export function removeFromWatchlist(settings: CoreSettings, symbol: string): Settings {
  return settings.update((s) => ({ ...s, watchlist: s.watchlist.filter((x) => x !== symbol) }))
}

export function editRules(
  settings: CoreSettings,
  fn: (rules: AlertRule[]) => AlertRule[],
): AlertRule[] {
  return settings.update((s) => ({ ...s, rules: fn(s.rules) })).rules
}

/** Pauses notifications for `minutes` from nowMs (0 lifts the pause). */
export function pauseNotifications(
  settings: CoreSettings,
  nowMs: number,
  minutes: number,
): Settings {
  const until = minutes > 0 ? new Date(nowMs + minutes * 60_000).toISOString() : null
  return settings.update((s) => ({ ...s, notificationsPausedUntil: until }))
}

/** A saved patch, and what the running core must do about it. */
export interface PatchApplied {
  settings: Settings
  /** Another service: a new connection, cache and alert state. */
  reconnect: boolean
  /** Another polling interval. */
  reschedule: boolean
}

export function applyPatch(owner: CoreSettings, patch: SettingsPatch): PatchApplied {
  const before = owner.stored()
  const settings = owner.update((s) => applySettingsPatch(s, patch))
  return {
    settings,
    // The CLI's --base-url pins this run's service: a saved change waits for the next run.
    reconnect:
      patch.baseUrl !== undefined && patch.baseUrl !== before.baseUrl && !owner.baseUrlPinned(),
    reschedule: patch.intervalMinutes !== undefined,
  }
}
