// The flags several commands share (check, backtest, daemon): tickers, the service address and the
// data dir, each checked before anything is opened, so a bad value never reaches the data dir.
import { statfsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { checkServiceUrl } from '../../shared/service-url'
import { defaultDataDir } from './data-dir'
import { echoed, UsageError } from './arg-errors'

export function parseSymbols(v: string): string[] {
  const list = [
    ...new Set(
      v
        .split(',')
        // Tickers are upper case: `tsla` means TSLA (issue 22, item 4).
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== ''),
    ),
  ]
  const bad = list.find((s) => !/^[A-Za-z0-9._-]{1,32}$/.test(s))
  if (list.length === 0 || bad !== undefined)
    throw new Error(`--symbols expects tickers like TSLA,NVDA${bad ? ` (got ${echoed(bad)})` : ''}`)
  return list
}

/** The same rule as Settings, checked before anything is opened: a bad value never reaches the data dir. */
export function parseBaseUrlFlag(v: string | undefined, command: string): string | undefined {
  if (v === undefined) return undefined
  const r = checkServiceUrl(v)
  if (!r.ok) throw new UsageError(`--base-url: ${r.reason}`, command)
  return r.url
}

/**
 * Linux pseudo filesystems (statfs f_type): proc, sysfs, cgroup2, cgroup, debugfs, tracefs,
 * securityfs, devpts, bpf, pstore, configfs, efivarfs. No folder can be made there, and Node's
 * recursive mkdir retries such a refusal for ever (the command hung, deaf to SIGTERM).
 */
const SYSTEM_FS = new Set([
  0x9fa0, 0x62656572, 0x63677270, 0x27e0eb, 0x64626720, 0x74726163, 0x73636673, 0x1cd1, 0xcafe4a11,
  0x6165676c, 0x62656570, 0xde5e81e4,
])

function onSystemFs(folder: string): boolean {
  if (process.platform !== 'linux') return false
  try {
    return SYSTEM_FS.has(statfsSync(folder).type)
  } catch {
    return false
  }
}

/**
 * The data dir is a folder, or a path one can be made at: an empty value would scatter files in the
 * current directory, and a file in its place would only surface as a note per store.
 */
export function checkDataDir(v: string | undefined, command: string): string {
  if (v === undefined) return defaultDataDir()
  if (v.trim() === '') throw new UsageError('--data-dir needs a folder path; it was empty', command)
  // The nearest part of the path that exists must be a folder (one can be made below it).
  for (let p = resolve(v); ; p = dirname(p)) {
    let st
    try {
      st = statSync(p, { throwIfNoEntry: false })
    } catch {
      return v // Cannot look (permissions): the stores say what fails, with paths.
    }
    if (st?.isDirectory()) {
      if (onSystemFs(p))
        throw new Error(
          `--data-dir: ${resolve(v) === p ? p : `${resolve(v)} is in ${p}, which`} is a system folder where Liquidity Watch cannot keep files. Pass a folder of your own, such as ~/liquidity-watch.`,
        )
      return v
    }
    if (st)
      throw new Error(
        `--data-dir: ${p} is a file, not a folder. Pass a folder where Liquidity Watch may keep its settings, offline cache and alert state.`,
      )
    if (dirname(p) === p) return v
  }
}
