// The settings owner: the stored settings (validated and saved by the SettingsStore) with this
// run's overrides applied on top (the CLI's --symbols and --base-url, never saved). Every module
// asks it for the settings in force; only it writes the store.
import type { AlertRule } from '../../shared/alert-rules'
import type { Settings } from '../../shared/settings-schema'
import type { SettingsStore } from '../engine/settings/settings-store'

/** Per-run replacements that are not persisted (the CLI's --symbols, --base-url and --rule). */
export interface RunOverrides {
  watchlist?: string[]
  baseUrl?: string | null
  /** Rules judged instead of the saved ones (`check --rule`); pair with AppCoreDeps.alertStateDir. */
  rules?: AlertRule[]
}

export class CoreSettings {
  constructor(
    private readonly store: SettingsStore,
    private readonly overrides: RunOverrides = {},
  ) {}

  /** Settings as in force (the CLI's --base-url, --symbols and --rule included). */
  get(): Settings {
    return this.effective(this.store.get())
  }

  /** Given stored settings with this run's overrides applied. */
  effective(s: Settings): Settings {
    const o = this.overrides
    return {
      ...s,
      ...(o.watchlist ? { watchlist: o.watchlist } : {}),
      ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
      ...(o.rules ? { rules: o.rules } : {}),
    }
  }

  /** The settings as saved (what Settings edits and "the saved service" refer to). */
  stored(): Settings {
    return this.store.get()
  }

  /** Validates and saves an edit of the stored settings; a throw leaves everything as it was. */
  update(fn: (s: Settings) => Settings): Settings {
    return this.store.update(fn)
  }

  intervalMs(): number {
    return this.get().intervalMinutes * 60_000
  }

  /** The CLI's --base-url pins this run's service: a saved change waits for the next run. */
  baseUrlPinned(): boolean {
    return this.overrides.baseUrl !== undefined
  }
}
