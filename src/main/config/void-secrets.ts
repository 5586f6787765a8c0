// The keychain side of an import, shared by the app's Settings → Import, `config import` and the
// daemon's --config: a contact point the import removed, or made another kind, takes its secret out
// of the keychain (as Remove does), so no secret outlives its point or passes to a new one of that id.
import type { ContactPoint } from '../../shared/contact-points'
import type { Settings } from '../../shared/settings-schema'
import type { ContactPointSecrets } from '../engine/delivery/model'
import { hintField } from './config-schema'

function hasSecret(p: ContactPoint): boolean {
  const field = hintField(p.kind)
  return field !== null && ((p as unknown as Record<string, unknown>)[field] ?? null) !== null
}

/**
 * The contact points whose secret an import made void: gone from `after`, or another kind there
 * (a secret is kept only by a point of the same id and kind: config-settings.ts).
 */
export function voidSecrets(before: Settings, after: Settings): string[] {
  return before.contactPoints
    .filter(hasSecret)
    .filter((p) => after.contactPoints.find((q) => q.id === p.id)?.kind !== p.kind)
    .map((p) => p.id)
}

/**
 * Clears the secrets `before` → `after` made void. The import stands either way (no keychain, a
 * keychain that refuses): each secret that stays is said in one plain line, returned.
 */
export async function clearVoidSecrets(
  secrets: ContactPointSecrets,
  before: Settings,
  after: Settings,
): Promise<string[]> {
  const unsaid: string[] = []
  for (const id of voidSecrets(before, after)) {
    try {
      await secrets.clear(id)
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e)
      unsaid.push(
        `The secret of contact point ${id} could not be removed from the keychain: ${why}`,
      )
    }
  }
  return unsaid
}
