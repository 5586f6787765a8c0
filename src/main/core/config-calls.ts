// Config as code in the running app (Settings → Export/Import): the saved settings as a config
// file's text, and a checked config applied as one settings change — then the running core does
// what the change needs (another service, another interval, new symbols to fetch, the secrets of
// contact points it removed out of the keychain) and tells the UI. A base class of the AppCore facade, as ContactPointCalls is. Which file, and the dialog that
// picks it, are the desktop shell's (src/main/ipc/config-files.ts): the engine alone refuses those
// IPC calls, as it does openExternal.
import { LiquidityError } from '../../shared/errors'
import type {
  ConfigExportResult,
  ConfigImportPreview,
  ConfigImportResult,
} from '../../shared/config-file-views'
import type { Settings } from '../../shared/settings-schema'
import type { WatchRow } from '../../shared/view-models'
import type * as config from '../config'
import type { ConfigFormat, ConfigRead, ImportOutcome } from '../config'
import type { ContactPointSecrets } from '../engine/delivery/model'
import { ContactPointCalls, type ContactPointCallDeps } from './contact-point-calls'
import type { CoreSettings } from './core-settings'
import type { PollLoop } from './poll-loop'

export interface ConfigCallDeps {
  settings: CoreSettings
  poll: Pick<PollLoop, 'reschedule' | 'refreshSoon'>
}

/** Config as code (and YAML, about 1 MB of heap) loads at the first export or import. */
const loadConfig = (): Promise<typeof config> => import('../config')

const shellOnly = (): Promise<never> =>
  Promise.reject(
    new LiquidityError(
      'internal',
      'Choosing a config file is done by the desktop app, not the engine.',
    ),
  )

export abstract class ConfigCalls extends ContactPointCalls {
  private readonly secrets: ContactPointSecrets

  constructor(
    cp: ContactPointCallDeps,
    private readonly cfg: ConfigCallDeps,
  ) {
    super(cp)
    this.secrets = cp.secrets
  }

  /** The saved settings (not this run's overrides) as a config file: what Export writes. */
  async configText(format: ConfigFormat): Promise<string> {
    const { configFromSettings, formatConfig } = await loadConfig()
    return formatConfig(configFromSettings(this.cfg.settings.stored()), format)
  }

  /** A checked config as one settings change (or, on a dry run, what it would change). */
  async importConfig(read: ConfigRead, o: { dryRun: boolean }): Promise<ImportOutcome> {
    const owner = this.cfg.settings
    const { clearVoidSecrets, importConfig } = await loadConfig()
    const before = owner.stored()
    const outcome = importConfig(
      { get: () => owner.stored(), update: (fn) => owner.update(fn) },
      read,
      o,
    )
    if (!outcome.ok || !outcome.applied) return outcome
    // As Remove does; a secret that stays is said among the changes (config/void-secrets.ts).
    const unsaid = await clearVoidSecrets(this.secrets, before, outcome.settings)
    await this.afterImport(before, outcome.settings)
    return { ...outcome, changes: [...outcome.changes, ...unsaid] }
  }

  private async afterImport(before: Settings, after: Settings): Promise<void> {
    // The CLI's --base-url pins this run's service: a saved change waits for the next run.
    if (after.baseUrl !== before.baseUrl && !this.cfg.settings.baseUrlPinned())
      await this.reconnect()
    if (after.intervalMinutes !== before.intervalMinutes) this.cfg.poll.reschedule()
    this.emitRows()
    this.emitStatus()
    const added = after.watchlist.some((s) => !before.watchlist.includes(s))
    if (added) this.cfg.poll.refreshSoon()
  }

  protected abstract reconnect(): Promise<void>
  protected abstract emitRows(): WatchRow[]

  // The shell's calls (a file dialog): src/main/ipc/config-files.ts, injected into the handlers.
  exportConfig(): Promise<ConfigExportResult> {
    return shellOnly()
  }
  previewConfigImport(): Promise<ConfigImportPreview> {
    return shellOnly()
  }
  applyConfigImport(): Promise<ConfigImportResult> {
    return shellOnly()
  }
  cancelConfigImport(): Promise<void> {
    return shellOnly()
  }
}
