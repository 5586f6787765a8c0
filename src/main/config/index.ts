// Config as code (issue 21): the watchlist, rules, contact points (no secrets), polling and
// notifications as one versioned JSON or YAML document. The daemon's --config and the CLI's
// `config` command use these; the app's Settings → Export/Import too (through main's IPC).
export {
  CONFIG_VERSION,
  MAX_CONFIG_BYTES,
  configSchema,
  type ConfigDocument,
} from './config-schema'
export { CONFIG_FORMATS, configFormatOf, formatConfig, type ConfigFormat } from './canonical'
export { parseConfigText, type ConfigRead } from './parse-config'
export { readConfigFile } from './config-file'
export { configFromSettings, settingsFromConfig } from './config-settings'
export {
  configChanges,
  describeChanges,
  summarizeChanges,
  type ConfigChanges,
} from './config-changes'
export { importConfig, type ImportOutcome, type SettingsOwner } from './import-config'
export { clearVoidSecrets, voidSecrets } from './void-secrets'
