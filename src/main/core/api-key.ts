// The key owner: the stored API key and the service it is bound to, in memory only (read from the
// secret store once, when a live service first needs it; demo mode never reads it). Every change
// goes through here: to the secret store first, then to memory. Never returned, emitted or logged;
// connections get a provider that refuses to hand it to another service (key-binding.ts).
import { LiquidityError, toSerializedError } from '../../shared/errors'
import type { KeyStatus } from '../../shared/view-models'
import { normalizeApiKey, type SecretStore, type StoredKey } from '../engine/secrets/secret-store'
import { boundKeyProvider, boundKeyStatus, serviceOrigin } from './key-binding'
import type { Reports } from './reports'

export class ApiKey {
  #stored: StoredKey | null = null
  /** One read for every caller: one that asks while the first read is under way waits for it. */
  #read: Promise<void> | null = null
  /**
   * A key stored before keys were bound belongs to the service saved when this version first
   * starts; read later (after the user saved another address), it stays bound to none.
   */
  #legacyTo: string | null

  constructor(
    private readonly store: SecretStore,
    legacyTo: string | null,
    private readonly reports: Reports,
  ) {
    this.#legacyTo = legacyTo
  }

  /** Start-up is over: a bare key read from now on is bound to no service. */
  startupOver(): void {
    this.#legacyTo = null
  }

  /** The key as it is now (read once; a key changed since the read is the changed one). */
  async load(): Promise<StoredKey | null> {
    await (this.#read ??= this.#readStore())
    return this.#stored
  }

  /** What a connection to `baseUrl` sends: the key when it is bound there, else a refusal. */
  provider(baseUrl: string, help: string): () => string | null {
    return boundKeyProvider(() => this.#stored, baseUrl, help)
  }

  /** The key status, judged against the live service in use (null: demo data). */
  async status(liveUrl: string | null): Promise<KeyStatus> {
    const status = await this.store.status()
    return boundKeyStatus(status, status.stored ? await this.load() : null, liveUrl)
  }

  /** A new key is bound to the service in use now (none while on the demo data). */
  set(key: string, liveUrl: string | null): Promise<void> {
    return this.#save({ key, origin: liveUrl === null ? null : serviceOrigin(liveUrl) })
  }

  clear(): Promise<void> {
    return this.#save(null)
  }

  /** "Use the saved key for this service too": the saved key, bound to the service in use. */
  async bindTo(liveUrl: string | null): Promise<void> {
    if (liveUrl === null)
      throw new LiquidityError(
        'invalid-argument',
        'The demo data needs no API key. Save the address of your service first, then use the saved key for it.',
      )
    const stored = await this.load()
    if (stored === null)
      throw new LiquidityError(
        'invalid-argument',
        'No API key is saved, so there is none to use for this service. Enter a key for it.',
      )
    await this.#save({ key: stored.key, origin: serviceOrigin(liveUrl) })
  }

  /** Stores the change in the secret store, then in memory (null clears it). */
  async #save(next: { key: string; origin: string | null } | null): Promise<void> {
    // Refused before anything is stored: a key too short or malformed is said, never kept.
    const key = next === null ? null : normalizeApiKey(next.key)
    // A first read still under way must not overwrite the new key when it lands.
    await this.load()
    await (key === null ? this.store.clear() : this.store.set(key, next!.origin))
    this.#stored = key === null ? null : { key, origin: next!.origin }
  }

  async #readStore(): Promise<void> {
    try {
      this.#stored = await this.store.read()
    } catch (e) {
      this.reports.add(`The API key could not be read: ${toSerializedError(e).message}`)
    }
    if (this.#stored?.legacy === true && this.#legacyTo !== null)
      this.#stored = await this.#bindLegacy(this.#stored, this.#legacyTo)
  }

  /** Binds a bare key from before binding to the service saved at this start, in the keychain too. */
  async #bindLegacy(stored: StoredKey, baseUrl: string): Promise<StoredKey> {
    const origin = serviceOrigin(baseUrl)
    try {
      await this.store.set(stored.key, origin)
    } catch (e) {
      // Still this session's saved service; the next start tries again.
      this.reports.add(
        `The API key could not be updated in the keychain: ${toSerializedError(e).message}`,
      )
    }
    return { key: stored.key, origin }
  }
}
