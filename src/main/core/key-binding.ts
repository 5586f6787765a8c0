// The stored API key belongs to the service it was entered for: it goes only to that service's
// origin. A typo'd or hostile Service URL, saved or not, never receives it; the user re-binds the
// key explicitly ("use the saved key for this service too") or enters one for the new service.
import { LiquidityError } from '../../shared/errors'
import type { KeyStatus } from '../../shared/view-models'
import type { StoredKey } from '../engine/secrets/secret-store'

/** What a key is bound to: scheme, host and port of the Service URL (its path may change). */
export function serviceOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin
}

/**
 * Why the stored key may not go to `baseUrl`, in plain words (with `help`, where the user enters a
 * key); null when it may, or when no key is stored (the client then says a key is missing).
 */
export function keyMismatch(stored: StoredKey | null, baseUrl: string, help = ''): string | null {
  if (stored === null || stored.anyService === true) return null
  const target = serviceOrigin(baseUrl)
  if (stored.origin === target) return null
  const then = help === '' ? '' : ` ${help}`
  if (stored.origin === null) {
    return `The saved API key is not tied to a service yet (it was saved while no service address was set), so it was not sent to ${target}. Enter a key for ${target}, or choose "Use the saved key for this service" in Settings.${then}`
  }
  return `The saved API key was entered for ${stored.origin}; enter a key for ${target} (or switch back to ${stored.origin}). It was not sent to ${target}.${then}`
}

/**
 * The key provider of a connection to `baseUrl`: the key when it is bound there, nothing when none
 * is stored, and a refusal (nothing is sent) when it belongs to another service.
 */
export function boundKeyProvider(
  stored: () => StoredKey | null,
  baseUrl: string,
  help: string,
): () => string | null {
  return () => {
    const key = stored()
    const why = keyMismatch(key, baseUrl, help)
    if (why !== null) throw new LiquidityError('auth', why)
    return key?.key ?? null
  }
}

/** The key status with its binding, judged against the service in use (null: demo data). */
export function boundKeyStatus(
  status: KeyStatus,
  stored: StoredKey | null,
  baseUrl: string | null,
): KeyStatus {
  const bound = stored !== null && stored.anyService !== true ? stored.origin : null
  return {
    ...status,
    boundTo: bound,
    mismatch: baseUrl === null ? null : keyMismatch(stored, baseUrl),
  }
}
