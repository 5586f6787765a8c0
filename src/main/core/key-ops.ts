// The stored API key's edits for the facade: status with its binding, save or clear, and the
// user's explicit re-binding to the service in use. The key lives in the secret store and in
// CoreParts.key only; what the running core must do after a change (abort, poll) is AppCore's.
import { LiquidityError } from '../../shared/errors'
import type { KeyStatus } from '../../shared/view-models'
import { normalizeApiKey, type SecretStore } from '../engine/secrets/secret-store'
import type { CoreParts } from './core-parts'
import { boundKeyStatus, serviceOrigin } from './key-binding'

type Parts = Pick<CoreParts, 'key' | 'loadKey'>

/** A key to store, bound to a service origin (null: bound to none yet), or null to clear it. */
export type KeyChange = { key: string; origin: string | null } | null

/** The key status, judged against the live service in use (null: demo data). */
export async function keyStatus(
  store: SecretStore,
  p: Parts,
  liveUrl: string | null,
): Promise<KeyStatus> {
  const status = await store.status()
  return boundKeyStatus(status, status.stored ? await p.loadKey() : null, liveUrl)
}

/** A new key is bound to the service in use now (none while on the demo data). */
export function newKey(key: string, liveUrl: string | null): KeyChange {
  return { key, origin: liveUrl === null ? null : serviceOrigin(liveUrl) }
}

/** "Use the saved key for this service too": the saved key, bound to the service in use. */
export async function rebindKey(p: Parts, liveUrl: string | null): Promise<KeyChange> {
  if (liveUrl === null)
    throw new LiquidityError(
      'invalid-argument',
      'The demo data needs no API key. Save the address of your service first, then use the saved key for it.',
    )
  const stored = await p.loadKey()
  if (stored === null)
    throw new LiquidityError(
      'invalid-argument',
      'No API key is saved, so there is none to use for this service. Enter a key for it.',
    )
  return { key: stored.key, origin: serviceOrigin(liveUrl) }
}

/** Stores the change in the secret store, then in memory. */
export async function saveKey(store: SecretStore, p: Parts, next: KeyChange): Promise<void> {
  // A first read still under way must not overwrite the new key when it lands.
  await p.loadKey()
  await (next === null ? store.clear() : store.set(next.key, next.origin))
  p.key.stored = next === null ? null : { key: normalizeApiKey(next.key), origin: next.origin }
}
