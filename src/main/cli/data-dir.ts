// The CLI's default state directory, per user and per OS (separate from the desktop app's).
import { homedir } from 'node:os'
import { join } from 'node:path'

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Liquidity Watch CLI')
  if (platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'Liquidity Watch CLI')
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'liquidity-watch-cli')
}
