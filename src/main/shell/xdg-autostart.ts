// Start at login on Linux: Electron has no login-item API there, so we write (or remove) an
// XDG autostart entry, the freedesktop.org mechanism every mainstream desktop honours.
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../engine/storage/atomic-file'

export const AUTOSTART_FILE = 'liquidity-watch.desktop'

export interface AutostartTarget {
  /** $XDG_CONFIG_HOME, or ~/.config. */
  configHome: string
  /** The program to run: $APPIMAGE when packaged as an AppImage (its mount path changes). */
  exec: string
  args: readonly string[]
  name: string
}

/** Quote one Exec argument per the Desktop Entry spec (reserved characters → double quotes). */
export function quoteExecArg(arg: string): string {
  if (arg !== '' && !/[\s"'\\><~|&;$*?#()`]/.test(arg)) return arg.replace(/%/g, '%%')
  return `"${arg.replace(/(["`$\\])/g, '\\$1').replace(/%/g, '%%')}"`
}

export function desktopEntry(t: AutostartTarget): string {
  const exec = [t.exec, ...t.args].map(quoteExecArg).join(' ')
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${t.name.replace(/[\r\n]/g, ' ')}`,
    'Comment=Monitors on-chain liquidity and raises TVL alerts',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n')
}

export function autostartPath(configHome: string): string {
  return join(configHome, 'autostart', AUTOSTART_FILE)
}

export async function setAutostart(t: AutostartTarget, enabled: boolean): Promise<void> {
  const path = autostartPath(t.configHome)
  if (!enabled) {
    await rm(path, { force: true })
    return
  }
  await mkdir(join(t.configHome, 'autostart'), { recursive: true })
  await writeFileAtomic(path, desktopEntry(t))
}
