// Where the API key lives: the OS keychain in the app, the environment for the CLI. Never a file.
import { LiquidityError } from '../../../shared/errors'
import type { KeyStatus } from '../../../shared/view-models'

/** A stored key and the service it may go to. */
export interface StoredKey {
  key: string
  /**
   * The origin (https://host:port) of the service the key was entered for, or null: stored before
   * keys were bound, or while no live service was saved. An unbound key is sent to no service.
   */
  origin: string | null
  /** The user's explicit choice for this run (LIQUIDITY_API_KEY): it goes to the run's service. */
  anyService?: boolean
  /** A bare key stored before keys were bound: bound at the first start to the service saved then. */
  legacy?: boolean
}

export interface SecretStore {
  /** The key alone. */
  get(): Promise<string | null>
  /** The key with the service it is bound to. */
  read(): Promise<StoredKey | null>
  /** Stores the key bound to `origin` (null: bound to no service yet). */
  set(key: string, origin?: string | null): Promise<void>
  clear(): Promise<void>
  /** Whether a key is stored and the keychain answers; never the key itself. */
  status(): Promise<KeyStatus>
}

/** Dev builds get their own keychain entry so testing never touches the release key. */
export function keychainServiceName(isPackaged: boolean): string {
  return isPackaged ? 'Liquidity Watch' : 'Liquidity Watch (development)'
}

const MAX_KEY_LENGTH = 4096
/** Shorter is not a real key (a stray character, a half paste); the IPC schema asks the same. */
export const MIN_KEY_LENGTH = 8

/** The key as it will be stored: trimmed, one line, bounded. */
export function normalizeApiKey(key: unknown): string {
  const k = typeof key === 'string' ? key.trim() : ''
  if (k.length === 0) throw new LiquidityError('invalid-argument', 'The API key is empty.')
  if (k.length < MIN_KEY_LENGTH) {
    const chars = k.length === 1 ? '1 character' : `${k.length} characters`
    throw new LiquidityError(
      'invalid-argument',
      `The API key is only ${chars} long; API keys are at least ${MIN_KEY_LENGTH} characters. Check that all of it was copied.`,
    )
  }
  if (k.length > MAX_KEY_LENGTH) {
    throw new LiquidityError(
      'invalid-argument',
      `The API key is longer than ${MAX_KEY_LENGTH} characters.`,
    )
  }
  if (/[\r\n\t\0]/.test(k)) {
    throw new LiquidityError(
      'invalid-argument',
      'The API key contains a line break or control character.',
    )
  }
  return k
}

export const API_KEY_ENV = 'LIQUIDITY_API_KEY'

/** Read-only key from the environment, for the CLI and scripts. */
export class EnvSecretStore implements SecretStore {
  readonly #env: Record<string, string | undefined>
  readonly #variable: string

  constructor(options: { env?: Record<string, string | undefined>; variable?: string } = {}) {
    this.#env = options.env ?? process.env
    this.#variable = options.variable ?? API_KEY_ENV
  }

  /** A value too short to be a key is refused, naming the variable, rather than sent. */
  get(): Promise<string | null> {
    const v = this.#env[this.#variable]?.trim()
    if (v === undefined || v === '') return Promise.resolve(null)
    try {
      return Promise.resolve(normalizeApiKey(v))
    } catch (e) {
      const why = (e as Error).message.replace(/^The API key/, `The key in ${this.#variable}`)
      return Promise.reject(new LiquidityError('invalid-argument', why))
    }
  }

  async read(): Promise<StoredKey | null> {
    const key = await this.get()
    return key === null ? null : { key, origin: null, anyService: true }
  }

  set(_key: string, _origin?: string | null): Promise<void> {
    return Promise.reject(this.#readOnly())
  }

  clear(): Promise<void> {
    return Promise.reject(this.#readOnly())
  }

  async status(): Promise<KeyStatus> {
    const stored = (await this.get()) !== null
    return {
      stored,
      keychainAvailable: false,
      message: stored
        ? `The API key is read from the ${this.#variable} environment variable.`
        : `No API key: set the ${this.#variable} environment variable.`,
    }
  }

  #readOnly(): LiquidityError {
    return new LiquidityError(
      'invalid-argument',
      `The API key comes from the ${this.#variable} environment variable here; set or unset it in your shell.`,
    )
  }
}
