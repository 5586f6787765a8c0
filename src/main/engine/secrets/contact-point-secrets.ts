// Contact points' secrets (a webhook URL that carries its token, an ntfy token, an SMTP password)
// in the OS keychain, beside the API key: one entry per contact point under
// contactPointSecretName(id). Main reads them only to send; the renderer can set or clear them.
import { contactPointSecretName } from '../../../shared/contact-points'
import { LiquidityError } from '../../../shared/errors'
import type { ContactPointSecrets } from '../delivery/model'
import { Keychain, type KeychainOptions } from './keychain'
import type { SecretStore } from './secret-store'
import { KeytarSecretStore } from './secret-store-keytar'

export class KeychainContactPointSecrets implements ContactPointSecrets {
  readonly #service: string
  readonly #keychain: Keychain

  constructor(o: KeychainOptions & { service: string }) {
    this.#service = o.service
    this.#keychain = new Keychain({ ...o, what: "a contact point's secret" })
  }

  get(id: string): Promise<string | null> {
    return this.#keychain.call((k) => k.getPassword(this.#service, contactPointSecretName(id)))
  }

  async set(id: string, secret: string): Promise<void> {
    await this.#keychain.call((k) =>
      k.setPassword(this.#service, contactPointSecretName(id), secret),
    )
  }

  async clear(id: string): Promise<void> {
    await this.#keychain.call((k) => k.deletePassword(this.#service, contactPointSecretName(id)))
  }
}

const NO_KEYCHAIN =
  "No system keychain is available here; Liquidity Watch will not store a contact point's secret in plain text."

/** Where no keychain is (the CLI with the key from the environment): nothing stored, said so. */
export const noContactPointSecrets: ContactPointSecrets = {
  get: () => Promise.resolve(null),
  set: () => Promise.reject(new LiquidityError('keychain-unavailable', NO_KEYCHAIN)),
  clear: () => Promise.resolve(),
}

/** The keychain service the API key is kept under keeps contact points' secrets too. */
export function contactPointSecretsBeside(store: SecretStore): ContactPointSecrets {
  return store instanceof KeytarSecretStore
    ? new KeychainContactPointSecrets({ service: store.service })
    : noContactPointSecrets
}
