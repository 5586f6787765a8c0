// `config --help`, `config export --help` and `config import --help`: the config-as-code commands.
export const CONFIG_EXPORT_LINE =
  '  liquidity-watch config export [--out FILE] [--format json|yaml] [--data-dir DIR]'
export const CONFIG_IMPORT_LINE =
  '  liquidity-watch config import FILE [--dry-run] [--data-dir DIR]'

const FILE_TEXT = `A config file holds the watchlist, the alert rules (with per-symbol overrides), the contact
points without their secrets, polling (intervalMinutes, baseUrl) and notifications (enabled,
notifyUnverified, quietHours), as one versioned document ("version": 1) in JSON or YAML; it is
checked by the same rules as Settings. Secrets (webhook URLs, tokens, passwords) and machine-local
settings (start at login, a notification pause) are never in it.`

export const CONFIG_EXPORT_TEXT = `config export writes the settings of DIR as a config file: the same settings always give the
same bytes, so the file can live in git and diff cleanly.
  --out FILE       write it to FILE (replaced whole, atomically) instead of stdout
  --format F       json or yaml; default: yaml when FILE ends in .yaml or .yml, else json
  --data-dir DIR   whose settings to export (default: the CLI's own folder); a folder that is
                   not there is refused, one without settings yet gives the defaults (a note
                   says so). Export only reads: it writes nothing in DIR
  Exit codes: 0 written, 2 error (the reason is on stderr).`

export const CONFIG_IMPORT_TEXT = `config import reads FILE (JSON or YAML) and replaces the watchlist, rules, contact points, polling
and notification settings of DIR with it, as one atomic change, then lists what changed. A file
with any problem is refused whole — every problem is listed by line and field, e.g. "line 12,
rules[0].condition.thresholdPct: should be above zero but is -5" — and nothing is changed.
Contact points keep their secrets already stored on this machine (matched by id and kind).
  --dry-run        list what would change (symbols added and removed, rules and contact points
                   added, changed and removed, settings from → to) and write nothing (not even
                   DIR itself)
  --data-dir DIR   whose settings to change (default: the CLI's own folder)
  Exit codes: 0 imported (or, with --dry-run, the file is good), 2 the file was refused or could
  not be saved (the reasons are on stderr; nothing was changed).`

/** `config --help`: both subcommands. */
export function configUsage(): string {
  return `Usage:\n${CONFIG_EXPORT_LINE}\n${CONFIG_IMPORT_LINE}\n\n${FILE_TEXT}\n\n${CONFIG_EXPORT_TEXT}\n\n${CONFIG_IMPORT_TEXT}`
}

export function configExportUsage(): string {
  return `Usage:\n${CONFIG_EXPORT_LINE}\n\n${CONFIG_EXPORT_TEXT}\n\n${FILE_TEXT}`
}

export function configImportUsage(): string {
  return `Usage:\n${CONFIG_IMPORT_LINE}\n\n${CONFIG_IMPORT_TEXT}\n\n${FILE_TEXT}`
}
