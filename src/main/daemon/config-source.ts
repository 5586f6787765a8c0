// The daemon's --config FILE: the watchlist, rules and contact points kept in git, imported into the
// data dir's settings at start and on every SIGHUP, as `config import` would (refused whole).
import { importConfigFile } from '../cli/config-file-import'

/** null when `file` was imported (or changed nothing), else why not, in one plain sentence. */
export function configFileProblem(
  dataDir: string,
  file: string,
  onReport: (report: string) => void,
): string | null {
  const r = importConfigFile(dataDir, file, { dryRun: false, onReport })
  return r.ok ? null : `${file} was not loaded: ${r.problems.join('; ')}`
}
