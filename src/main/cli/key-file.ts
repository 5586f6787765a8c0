// The key from a mounted secret file (Docker/Kubernetes secrets, systemd LoadCredential): the file
// named by LIQUIDITY_WATCH_API_KEY_FILE stands in for LIQUIDITY_API_KEY when that is unset, so the
// key need not sit in the environment (where `docker inspect` and /proc show it).
import { readFileSync } from 'node:fs'
import { API_KEY_ENV } from '../engine/secrets/secret-store'

export const API_KEY_FILE_ENV = 'LIQUIDITY_WATCH_API_KEY_FILE'

/** The environment with the file's key as LIQUIDITY_API_KEY; a file that cannot be read is an error in plain words. */
export function withKeyFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const path = env[API_KEY_FILE_ENV]?.trim()
  if (!path || env[API_KEY_ENV]?.trim()) return env
  let key: string
  try {
    key = readFileSync(path, 'utf8').trim()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new Error(
      `${API_KEY_FILE_ENV} names ${path}, which cannot be read (${code ?? 'unknown error'}). Mount the key file there, or unset ${API_KEY_FILE_ENV}.`,
      { cause: e },
    )
  }
  if (key === '') throw new Error(`${API_KEY_FILE_ENV} names ${path}, which is empty.`)
  return { ...env, [API_KEY_ENV]: key }
}
