// The daemon's --config FILE: the watchlist, rules and contact points kept in git, imported into the
// data dir's settings at start and on every SIGHUP, as `config import` would (refused whole).
import { savedContactPointSecrets } from '../cli/check-delivery'
import { importConfigFile } from '../cli/config-file-import'

/** Whether importing `file` would leave the settings without a service address (a dry run, which
 *  writes nothing): then the daemon refuses before the file changes anything. */
export async function configLeavesNoService(dataDir: string, file: string): Promise<boolean> {
  const secrets = savedContactPointSecrets()
  const r = await importConfigFile(dataDir, file, { dryRun: true, onReport: () => {}, secrets })
  return r.ok && !r.next.baseUrl
}

/** null when `file` was imported (or changed nothing), else why not, in one plain sentence. */
export async function configFileProblem(
  dataDir: string,
  file: string,
  onReport: (report: string) => void,
): Promise<string | null> {
  // The secrets of contact points it removed leave the keychain (a note when they cannot).
  const secrets = savedContactPointSecrets()
  const r = await importConfigFile(dataDir, file, { dryRun: false, onReport, secrets })
  return r.ok ? null : `${file} was not loaded: ${r.problems.join('; ')}`
}
