// Argument errors in plain words, followed by one line saying where the help is (the whole usage
// would bury the error under sixty lines). node's parseArgs names its internals ("positional
// arguments", "<value>"); a user wants what was wrong and what the command takes.
import type { ParseArgsConfig } from 'node:util'

type Options = NonNullable<ParseArgsConfig['options']>

/** A value the user typed, quoted for a message: a long one in part, saying how long it was. */
export function echoed(v: string, max = 40): string {
  if (v.length <= max) return JSON.stringify(v)
  return `${JSON.stringify(`${v.slice(0, max)}…`)} (${v.length} characters)`
}

/** An option name as typed, unquoted, clipped like echoed(). */
function clippedOption(v: string, max = 40): string {
  return v.length <= max ? v : `${v.slice(0, max)}… (${v.length} characters)`
}

/** An argument the user got wrong: the message and the help line on stderr; exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help to point at; null: the commands' list. */
    readonly command: string | null,
  ) {
    super(message)
  }
}

/** The line after an argument error. */
export function helpLine(command: string | null): string {
  return command === null
    ? 'Run "liquidity-watch --help" for the commands and their options.'
    : `Run "liquidity-watch ${command} --help" for its options.`
}

function optionList(options: Options): string {
  return Object.keys(options)
    .map((o) => `--${o}`)
    .join(', ')
}

/** parseArgs' error, said plainly; any other error's message as it is. */
export function plainArgError(e: unknown, command: string, options: Options): string {
  const err = e as Error & { code?: string }
  const quoted = /'([^']+)'/.exec(err.message)?.[1] ?? ''
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${clippedOption(quoted)}; ${command} takes ${optionList(options)}`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = quoted.split(' ')[0] ?? quoted
      if (/argument missing/.test(err.message)) return `${flag} needs a value after it`
      // "--days -1": a value starting with a dash reads as the next option.
      if (/ambiguous/.test(err.message))
        return `${flag} needs a value; one that starts with a dash is read as an option, so write it with "=" (${flag}=-1)`
      return `${flag} takes no value`
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected ${echoed(quoted)}: ${command} takes only options (each starts with --, e.g. --symbols TSLA,NVDA)`
    default:
      return err.message
  }
}

/** Throws the argument error of `command` as a UsageError. */
export function usageError(e: unknown, command: string, options: Options = {}): never {
  throw new UsageError(plainArgError(e, command, options), command)
}
