// Contact points' secrets (a webhook URL with its token, an ntfy token, an SMTP password) in the OS
// keychain, one entry per contact point (contactPointSecretName), beside the API key's entry.
// Minimal: the outbox's sender and the CLI read them; the app's Settings set and clear them.
// No plaintext fallback: a keychain that does not answer means no secret, said by the caller.
import { contactPointSecretName } from '../../../shared/contact-points'
import type { ContactPointSecrets } from '../delivery/model'
import type { KeytarLike } from './secret-store-keytar'

export interface KeytarContactPointSecretsOptions {
  /** The keychain service (keychainServiceName): the API key's. */
  service: string
  loadKeytar?: () => Promise<unknown>
  /** A keychain that does not answer counts as unavailable after this. */
  timeoutMs?: number
}

export class KeytarContactPointSecrets implements ContactPointSecrets {
  #keytar: KeytarLike | null = null

  constructor(private readonly o: KeytarContactPointSecretsOptions) {}

  async #call<T>(fn: (k: KeytarLike) => Promise<T>): Promise<T> {
    if (this.#keytar === null) {
      const mod = (await (this.o.loadKeytar ?? (() => import('keytar')))()) as {
        default?: KeytarLike
      } & KeytarLike
      this.#keytar = mod.default ?? mod
    }
    const k = this.#keytar
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the system keychain did not answer')),
        this.o.timeoutMs ?? 5_000,
      )
    })
    try {
      return await Promise.race([fn(k), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  get(id: string): Promise<string | null> {
    return this.#call((k) => k.getPassword(this.o.service, contactPointSecretName(id)))
  }

  set(id: string, secret: string): Promise<void> {
    return this.#call((k) => k.setPassword(this.o.service, contactPointSecretName(id), secret))
  }

  async clear(id: string): Promise<void> {
    await this.#call((k) => k.deletePassword(this.o.service, contactPointSecretName(id)))
  }
}
