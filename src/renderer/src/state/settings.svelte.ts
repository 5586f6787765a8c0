// Settings and the stored key's status for the Settings view. The settings are read again when
// a status event shows they changed elsewhere (the tray's pause, a source switch); the key status
// whenever the saved service address changes.
import type { Settings, SettingsPatch } from '../../../shared/settings-schema'
import type { EngineStatus, KeyStatus } from '../../../shared/view-models'
import { api, errorMessage } from '../lib/api'
import { Resource } from './resource.svelte'

/** The parts of a status that follow from the settings. */
const settingsMark = (s: EngineStatus): string =>
  JSON.stringify([s.mode, s.baseUrl, s.notificationsPausedUntil])

export class SettingsStore {
  readonly settings = new Resource<Settings>()
  readonly key = new Resource<KeyStatus>()
  #keyFor: string | null | undefined = undefined

  get value(): Settings | null {
    return this.settings.value
  }

  /** Loads now and again when a status event shows the settings changed; returns the stop. */
  start(): () => void {
    void this.reload()
    let mark: string | null = null
    const off = api().onStatusChanged((s) => {
      const next = settingsMark(s)
      if (mark !== null && next !== mark) void this.reload()
      mark = next
    })
    return () => {
      off()
      this.settings.cancel()
      this.key.cancel()
    }
  }

  async reload(): Promise<void> {
    await this.settings.load(() => api().getSettings())
    this.#keyFollows()
  }

  /** Resolves to an error message for the user, or null. */
  async patch(p: SettingsPatch): Promise<string | null> {
    try {
      const next = await api().updateSettings(p)
      await this.settings.load(() => Promise.resolve(next))
      this.#keyFollows()
      return null
    } catch (e) {
      return errorMessage(e)
    }
  }

  /** The key status as changed by the key form (stored, cleared, bound). */
  setKey(status: KeyStatus): void {
    void this.key.load(() => Promise.resolve(status))
  }

  /** The key's status says whether it is for the saved service: asked again when that changes. */
  #keyFollows(): void {
    const url = this.settings.value?.baseUrl
    if (url === undefined || url === this.#keyFor) return
    this.#keyFor = url
    void this.key.load(() => api().getKeyStatus())
  }
}
