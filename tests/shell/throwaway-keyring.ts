// Tests that store a key under the development keychain name run only inside the private,
// throwaway keyring of scripts/with-keyring.sh (npm test uses it): on a developer's own keyring
// they would overwrite the key the developer's app uses. Elsewhere they skip, saying why.
import type { TestContext } from 'vitest'

export const throwawayKeyring = process.env.LW_TEST_KEYRING_SESSION === '1'

export const NO_THROWAWAY_KEYRING =
  'needs the throwaway keyring of scripts/with-keyring.sh (it stores a key under the development ' +
  'keychain name, which must not touch your own keyring): run `bash scripts/with-keyring.sh npx ' +
  'vitest run <file>`, or npm test'

let said = false

/**
 * beforeEach: skip the test outside the throwaway keyring, with the reason as the skip's note (the
 * verbose reporter shows it) and once on stderr (the default reporter shows only "skipped").
 */
export function onlyInThrowawayKeyring(ctx: TestContext): void {
  if (throwawayKeyring) return
  if (!said) console.warn(`Skipped: ${NO_THROWAWAY_KEYRING}`)
  said = true
  ctx.skip(NO_THROWAWAY_KEYRING)
}
