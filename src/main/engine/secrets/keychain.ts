// One way to the OS keychain (keytar: Keychain, Credential Vault, Secret Service) for every secret
// the app keeps: the API key and contact points' secrets. keytar is native and loaded on first
// use, so a missing module or keychain is a clear error then, not a crash at start-up; a keychain
// that does not answer counts as unavailable. There is deliberately no plaintext fallback.
import { LiquidityError } from '../../../shared/errors'

export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeychainOptions {
  /** How keytar is loaded; replaceable only to point at another module. */
  loadKeytar?: () => Promise<unknown>
  /** A keychain that does not answer (a hung prompt or bus) counts as unavailable after this. */
  timeoutMs?: number
  /** What is kept, for messages: "your key", "this contact point's secret". */
  what?: string
}

const NO_SERVICE =
  /could not connect|autolaunch|not provided by any|serviceunknown|namehasnoowner|org\.freedesktop\.secrets|d-?bus/i

export function keychainUnavailable(e: unknown, what = 'your key'): LiquidityError {
  if (e instanceof LiquidityError) return e
  const noPlaintext = `Liquidity Watch will not store ${what} in plain text.`
  const detail = e instanceof Error ? e.message : String(e)
  const message = NO_SERVICE.test(detail)
    ? `No keychain (Secret Service) is running; ${noPlaintext} (${detail})`
    : `The system keychain did not accept the request (${detail}); ${noPlaintext}`
  return new LiquidityError('keychain-unavailable', message, { cause: e })
}

export class Keychain {
  readonly #load: () => Promise<unknown>
  readonly #timeoutMs: number
  readonly #what: string
  #keytar: KeytarLike | null = null

  constructor(o: KeychainOptions = {}) {
    this.#load = o.loadKeytar ?? (() => import('keytar'))
    this.#timeoutMs = o.timeoutMs ?? 15_000
    this.#what = o.what ?? 'your key'
  }

  unavailable(e: unknown): LiquidityError {
    return keychainUnavailable(e, this.#what)
  }

  /** Runs one keychain operation within the timeout; any failure is keychain-unavailable. */
  async call<T>(op: (k: KeytarLike) => Promise<T>): Promise<T> {
    const k = await this.#module()
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
      throw this.unavailable(e)
    } finally {
      clearTimeout(timer)
    }
  }

  async #module(): Promise<KeytarLike> {
    if (this.#keytar !== null) return this.#keytar
    const noPlaintext = `Liquidity Watch will not store ${this.#what} in plain text.`
    let mod: unknown
    try {
      mod = await this.#load()
    } catch (e) {
      throw new LiquidityError(
        'keychain-unavailable',
        `The system keychain module could not be loaded (${(e as Error).message}); ${noPlaintext}`,
        { cause: e },
      )
    }
    // keytar is CommonJS: its functions sit on the default export under ESM.
    const k = ((mod as { default?: unknown }).default ?? mod) as Partial<KeytarLike>
    if (typeof k.getPassword !== 'function' || typeof k.setPassword !== 'function') {
      throw new LiquidityError(
        'keychain-unavailable',
        `The system keychain module is not usable; ${noPlaintext}`,
      )
    }
    this.#keytar = k as KeytarLike
    return this.#keytar
  }
}
