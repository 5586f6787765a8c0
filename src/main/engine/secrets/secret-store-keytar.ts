// API key in the OS keychain via keytar (Keychain, Credential Vault, Secret Service).
// keytar is native and loaded on first use, so a missing module or keychain is a clear error
// at that moment, not a crash at start-up. There is deliberately no plaintext fallback.
import { LiquidityError } from '../../../shared/errors'
import type { KeyStatus } from '../../../shared/view-models'
import { normalizeApiKey, type SecretStore, type StoredKey } from './secret-store'

export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeytarSecretStoreOptions {
  service: string
  account?: string
  /** How keytar is loaded; replaceable only to point at another module. */
  loadKeytar?: () => Promise<unknown>
  /** A keychain that does not answer (a hung prompt or bus) counts as unavailable after this. */
  timeoutMs?: number
}

const NO_PLAINTEXT = 'Liquidity Watch will not store your key in plain text.'
const NO_SERVICE =
  /could not connect|autolaunch|not provided by any|serviceunknown|namehasnoowner|org\.freedesktop\.secrets|d-?bus/i

function unavailable(e: unknown): LiquidityError {
  if (e instanceof LiquidityError) return e
  const detail = e instanceof Error ? e.message : String(e)
  const message = NO_SERVICE.test(detail)
    ? `No keychain (Secret Service) is running; ${NO_PLAINTEXT} (${detail})`
    : `The system keychain did not accept the request (${detail}); ${NO_PLAINTEXT}`
  return new LiquidityError('keychain-unavailable', message, { cause: e })
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
  readonly #load: () => Promise<unknown>
  readonly #timeoutMs: number
  #keytar: KeytarLike | null = null

  constructor(options: KeytarSecretStoreOptions) {
    this.service = options.service
    this.account = options.account ?? 'api-key'
    this.#load = options.loadKeytar ?? (() => import('keytar'))
    this.#timeoutMs = options.timeoutMs ?? 15_000
  }

  async get(): Promise<string | null> {
    return (await this.read())?.key ?? null
  }

  async read(): Promise<StoredKey | null> {
    const text = await this.#call((k) => k.getPassword(this.service, this.account))
    return text === null ? null : decodeEntry(text)
  }

  async set(key: string, origin: string | null = null): Promise<void> {
    const value = encodeEntry(normalizeApiKey(key), origin)
    await this.#call((k) => k.setPassword(this.service, this.account, value))
  }

  async clear(): Promise<void> {
    await this.#call((k) => k.deletePassword(this.service, this.account))
  }

  async status(): Promise<KeyStatus> {
    try {
      const stored = (await this.get()) !== null
      return { stored, keychainAvailable: true, message: null }
    } catch (e) {
      return { stored: false, keychainAvailable: false, message: unavailable(e).message }
    }
  }

  async #keytarModule(): Promise<KeytarLike> {
    if (this.#keytar !== null) return this.#keytar
    let mod: unknown
    try {
      mod = await this.#load()
    } catch (e) {
      throw new LiquidityError(
        'keychain-unavailable',
        `The system keychain module could not be loaded (${(e as Error).message}); ${NO_PLAINTEXT}`,
        { cause: e },
      )
    }
    // keytar is CommonJS: its functions sit on the default export under ESM.
    const k = ((mod as { default?: unknown }).default ?? mod) as Partial<KeytarLike>
    if (typeof k.getPassword !== 'function' || typeof k.setPassword !== 'function') {
      throw new LiquidityError(
        'keychain-unavailable',
        `The system keychain module is not usable; ${NO_PLAINTEXT}`,
      )
    }
    this.#keytar = k as KeytarLike
    return this.#keytar
  }

  async #call<T>(op: (k: KeytarLike) => Promise<T>): Promise<T> {
    const k = await this.#keytarModule()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`the keychain did not answer within ${Math.round(this.#timeoutMs / 1000)} s`),
          ),
        this.#timeoutMs,
      )
    })
    try {
      return await Promise.race([op(k), timeout])
    } catch (e) {
      throw unavailable(e)
    } finally {
      clearTimeout(timer)
    }
  }
}
