// A contact point's secret from the environment: a server has no keychain UI, so a point may name
// the variable that holds its secret (urlEnv, tokenEnv, passwordEnv, in a config file or in
// --contact-point JSON). Only the variable's name is ever stored; its value is read at send time.
import { SECRET_FIELD, secretEnvName, type ContactPoint } from '../../../shared/contact-points'
import type { ContactPointSecrets } from '../delivery/model'

/** The variable's value, trimmed; null when unset or blank. */
export function secretFromEnv(name: string, env: NodeJS.ProcessEnv): string | null {
  const v = env[name]?.trim()
  return v ? v : null
}

/** A saved point's secret: the variable it names when set, else the keychain's (null: none). */
export async function savedPointSecret(
  point: ContactPoint,
  secrets: ContactPointSecrets | null,
  env: NodeJS.ProcessEnv,
): Promise<string | null> {
  const name = secretEnvName(point)
  const fromEnv = name === null ? null : secretFromEnv(name, env)
  if (fromEnv !== null) return fromEnv
  return secrets === null ? null : await secrets.get(point.id).catch(() => null)
}

/**
 * Why a point with no secret cannot send, in plain words; null when it may send without one (an
 * ntfy topic or SMTP server that needs no login). A webhook's address is its secret: always needed.
 */
export function missingSecretWords(point: ContactPoint): string | null {
  const field = SECRET_FIELD[point.kind]
  if (field === null) return null
  const what = field === 'url' ? 'address' : field
  const name = secretEnvName(point)
  if (name !== null)
    return `Not sent: the environment variable ${name} (${field}Env) is not set, so the ${what} of contact point ${point.id} is unknown; set it and restart, or enter the ${what} in the app's Settings → Contact points.`
  if (field !== 'url') return null
  return `Not sent: the address of contact point ${point.id} could not be read from the system keychain; enter it in the app's Settings → Contact points, or name an environment variable with urlEnv (on a server).`
}
