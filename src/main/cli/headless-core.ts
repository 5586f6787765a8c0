// The AppCore a headless run opens, shared by `check` and the daemon: the CLI's settings store, the
// key from the environment (or its file) or the installed app's keychain entry, the run's
// overrides (--symbols, --base-url, --demo, --rule), no desktop notifications, and contact points
// as check reaches them. Each caller adds its own (events, wait budget, rate-hold watcher).
import Conf from 'conf'
import type { AlertCondition } from '../../shared/alert-rules'
import type { ContactPointKind } from '../../shared/contact-points'
import { toSerializedError } from '../../shared/errors'
import type { AppCoreDeps } from '../core/app-core'
import type { RunContactPoint } from '../engine/delivery/delivery'
import type { Channel } from '../engine/delivery/model'
import {
  EnvSecretStore,
  API_KEY_ENV,
  keychainServiceName,
  type SecretStore,
  type StoredKey,
} from '../engine/secrets/secret-store'
import { KeytarSecretStore } from '../engine/secrets/secret-store-keytar'
import type { KeyValueStoreFactory } from '../engine/storage/key-value-store'
import { checkDeliveryDeps } from './check-delivery'
import { cliRules, cliRulesStateDir } from './cli-rules'
import { withKeyFile } from './key-file'
import { cliSettingsHelp } from './settings-help'

export const createConf: KeyValueStoreFactory = ({ cwd, configName }) =>
  new Conf({ cwd, configName, projectName: 'liquidity-watch' })

/**
 * The environment variable wins; otherwise the keychain entry of the installed app. A keychain that
 * cannot be reached just means no key: the missing-key error then says what to set, and its
 * technical reason (about the app storing keys, which the CLI never does) is only for --verbose.
 */
export function secretStoreFor(
  env: NodeJS.ProcessEnv,
  unreachable: (why: string) => void,
): SecretStore {
  env = withKeyFile(env)
  if (env[API_KEY_ENV]?.trim()) return new EnvSecretStore({ env })
  const keychain = new KeytarSecretStore({ service: keychainServiceName(true), timeoutMs: 5_000 })
  const read = async (): Promise<StoredKey | null> => {
    try {
      return await keychain.read()
    } catch (e) {
      unreachable(toSerializedError(e).message)
      return null
    }
  }
  return {
    read,
    get: async () => (await read())?.key ?? null,
    set: (key, origin) => keychain.set(key, origin),
    clear: () => keychain.clear(),
    status: () => keychain.status(),
  }
}

/** What a headless run is asked to watch, from its flags. */
export interface HeadlessRun {
  dataDir: string
  baseUrl?: string
  /** The built-in demo data, chosen (`--demo`): the saved Service URL is not used. */
  demo?: boolean
  symbols?: string[]
  /** Conditions judged instead of the saved rules (`--rule`), with their own alert state. */
  rules?: AlertCondition[]
  /** Contact points for this run (`--contact-point`), besides those saved in the data dir. */
  contactPoints?: RunContactPoint[]
  /** The channel of each kind (default the registry's); tests pass their own. */
  channels?: (kind: ContactPointKind) => Channel | null
}

/** createAppCore's deps for a headless run; events are dropped unless the caller adds `emit`. */
export function headlessCoreDeps(
  o: HeadlessRun,
  h: {
    env: NodeJS.ProcessEnv
    /** Why the keychain could not be read (the key then counts as missing). */
    keychainUnreachable: (why: string) => void
    log: (line: string) => void
    /** A one-shot command (its messages say to run it again); the daemon passes none. */
    command?: 'check'
  },
): AppCoreDeps {
  return {
    dataDir: o.dataDir,
    createSettingsStore: createConf,
    secretStore: secretStoreFor(h.env, h.keychainUnreachable),
    emit: () => undefined,
    // Desktop notifications are the app's: check prints what it would notify, the daemon sends
    // to contact points only.
    notify: () => undefined,
    isPackaged: false,
    overrides: {
      ...(o.symbols ? { watchlist: o.symbols } : {}),
      ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
      ...(o.demo === true ? { baseUrl: null } : {}),
      ...(o.rules ? { rules: cliRules(o.rules) } : {}),
    },
    ...(o.rules ? { alertStateDir: cliRulesStateDir(o.dataDir, o.rules) } : {}),
    client: { help: cliSettingsHelp(o.dataDir, h.command) },
    // Contact points as check reaches them: the saved ones (secrets from the keychain) and the run's.
    delivery: checkDeliveryDeps(o.contactPoints ?? [], o.channels),
    // The CLI's settings are its own, not the app's: a key stored before binding is not bound here.
    bindLegacyKey: false,
    log: h.log,
  }
}
