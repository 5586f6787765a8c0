// The API key in the OS keychain (keychain.ts), stored with the origin it is bound to.
import { Keychain } from './keychain'
import type { KeyStatus } from '../../../shared/view-models'
import { normalizeApiKey, type SecretStore, type StoredKey } from './secret-store'

export type { KeytarLike } from './keychain'

export interface KeytarSecretStoreOptions {
  service: string
  account?: string
  /** How keytar is loaded; replaceable only to point at another module. */
  loadKeytar?: () => Promise<unknown>
  /** A keychain that does not answer (a hung prompt or bus) counts as unavailable after this. */
  timeoutMs?: number
}

/** Marks an entry written with its origin; an entry without it is a bare key from before binding. */
const ENTRY_FORMAT = 'liquidity-watch-key/1'

/** One keychain entry holds key and origin together, so they are written and read as one. */
export function encodeEntry(key: string, origin: string | null): string {
  return JSON.stringify({ format: ENTRY_FORMAT, key, origin })
}

export function decodeEntry(text: string): StoredKey {
  try {
    const v = JSON.parse(text) as { format?: unknown; key?: unknown; origin?: unknown } | null
    if (v?.format === ENTRY_FORMAT && typeof v.key === 'string' && v.key !== '') {
      return { key: v.key, origin: typeof v.origin === 'string' ? v.origin : null, legacy: false }
    }
  } catch {
    // Not JSON: a bare key.
  }
  return { key: text, origin: null, legacy: true }
}

export class KeytarSecretStore implements SecretStore {
  readonly service: string
  readonly account: string
  readonly #keychain: Keychain

  constructor(options: KeytarSecretStoreOptions) {
    this.service = options.service
    this.account = options.account ?? 'api-key'
    this.#keychain = new Keychain(options)
  }

  async get(): Promise<string | null> {
    return (await this.read())?.key ?? null
  }

  async read(): Promise<StoredKey | null> {
    const text = await this.#keychain.call((k) => k.getPassword(this.service, this.account))
    return text === null ? null : decodeEntry(text)
  }

  async set(key: string, origin: string | null = null): Promise<void> {
    const value = encodeEntry(normalizeApiKey(key), origin)
    await this.#keychain.call((k) => k.setPassword(this.service, this.account, value))
  }

  async clear(): Promise<void> {
    await this.#keychain.call((k) => k.deletePassword(this.service, this.account))
  }

  async status(): Promise<KeyStatus> {
    try {
      const stored = (await this.get()) !== null
      return { stored, keychainAvailable: true, message: null }
    } catch (e) {
      return {
        stored: false,
        keychainAvailable: false,
        message: this.#keychain.unavailable(e).message,
      }
    }
  }
}
