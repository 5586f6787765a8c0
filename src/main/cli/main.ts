// Headless CLI: `npm run cli -- check [--json] [--base-url URL] [--symbols A,B] [--data-dir DIR] [--rule JSON]…`,
// `npm run cli -- backtest [--symbols A,B] [--rule JSON] [--days N] [--json] …` and
// `npm run cli -- serve [service options]`. No electron, no electron-store.
import { parseArgs } from 'node:util'
import type { AlertCondition } from '../../shared/alert-rules'
import { EXIT_ERROR } from './exit-codes'
import { parseConditionFlag } from './condition-flag'
import { parseRuleFlag } from './cli-rules'
import { checkDataDir, parseBaseUrlFlag, parseSymbols } from './common-flags'
import { parseContactPointFlag } from './contact-point-flag'
import type { RunContactPoint } from '../engine/delivery/delivery'
import { printable } from './printable'
import { backtestUsage, checkUsage, conditionHelp, serveUsage, USAGE } from './usage'
import { helpLine, UsageError, usageError } from './arg-errors'
import { quietOnClosedPipe } from './closed-pipe'

// Before any command writes: `… | head -1` must not turn into a crash with exit 1 (closed-pipe.ts).
quietOnClosedPipe(process.stdout)
quietOnClosedPipe(process.stderr)

/** The value given for a flag (`--flag value` or `--flag=value`), as typed; undefined when absent. */
function flagValue(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag)
  if (i >= 0) return args[i + 1]
  return args.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1)
}

/** What a flag parser makes of the typed value; null when it is wrong. */
function known<T>(parse: () => T): T | null {
  try {
    return parse()
  } catch {
    return null
  }
}

const CHECK_OPTIONS = {
  json: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  demo: { type: 'boolean', default: false },
  symbols: { type: 'string' },
  'data-dir': { type: 'string' },
  rule: { type: 'string', multiple: true },
  'contact-point': { type: 'string', multiple: true },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  'help-conditions': { type: 'boolean', default: false },
} as const

const BACKTEST_OPTIONS = {
  symbols: { type: 'string' },
  rule: { type: 'string' },
  days: { type: 'string' },
  json: { type: 'boolean', default: false },
  'base-url': { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

async function check(args: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: CHECK_OPTIONS, strict: true, allowPositionals: false })
  } catch (e) {
    usageError(e, 'check', CHECK_OPTIONS)
  }
  const { values } = parsed
  if (values.help) {
    process.stdout.write(`${checkUsage()}\n`)
    return 0
  }
  if (values['help-conditions']) {
    process.stdout.write(`${conditionHelp()}\n`)
    return 0
  }
  let symbols: string[] | undefined
  try {
    symbols = values.symbols === undefined ? undefined : parseSymbols(values.symbols)
  } catch (e) {
    usageError(e, 'check')
  }
  let rules: AlertCondition[] | undefined
  try {
    rules = values.rule?.map((text, i) => parseRuleFlag(text, i + 1))
  } catch (e) {
    usageError(e, 'check')
  }
  let contactPoints: RunContactPoint[] | undefined
  try {
    contactPoints = values['contact-point']?.map((text, i) =>
      parseContactPointFlag(`--contact-point ${i + 1}`, text, process.env),
    )
  } catch (e) {
    usageError(e, 'check')
  }
  // The engine loads only for a command that runs (bundled, `--help` stays a few modules).
  const { runCheck } = await import('./check')
  return runCheck(
    {
      json: values.json,
      baseUrl: parseBaseUrlFlag(values['base-url'], 'check'),
      demo: values.demo,
      symbols,
      dataDir: checkDataDir(values['data-dir'], 'check'),
      verbose: values.verbose,
      rules,
      contactPoints,
    },
    {
      out: (t) => process.stdout.write(`${printable(t)}\n`),
      err: (t) => process.stderr.write(`${printable(t)}\n`),
      env: process.env,
    },
  )
}

async function backtest(args: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: BACKTEST_OPTIONS, strict: true, allowPositionals: false })
  } catch (e) {
    usageError(e, 'backtest', BACKTEST_OPTIONS)
  }
  const { values } = parsed
  if (values.help) {
    process.stdout.write(`${backtestUsage()}\n`)
    return 0
  }
  const { parseDaysFlag } = await import('./backtest-args')
  let options
  try {
    options = {
      symbols: values.symbols === undefined ? undefined : parseSymbols(values.symbols),
      condition: values.rule === undefined ? undefined : parseConditionFlag('--rule', values.rule),
      days: parseDaysFlag(values.days),
    }
  } catch (e) {
    usageError(e, 'backtest')
  }
  const { runBacktestCli } = await import('./backtest')
  return runBacktestCli(
    {
      ...options,
      json: values.json,
      baseUrl: parseBaseUrlFlag(values['base-url'], 'backtest'),
      dataDir: checkDataDir(values['data-dir'], 'backtest'),
    },
    {
      out: (t) => process.stdout.write(`${printable(t)}\n`),
      err: (t) => process.stderr.write(`${printable(t)}\n`),
      env: process.env,
    },
  )
}

async function main(argv: string[]): Promise<number | null> {
  const [command, ...rest] = argv
  switch (command) {
    case 'check':
      return check(rest)
    case 'backtest':
      return backtest(rest)
    case 'daemon': {
      const { daemonCommand } = await import('../daemon/command')
      return daemonCommand(rest)
    }
    case 'config': {
      // Config as code: export and import the settings as a JSON or YAML file.
      const { configCommand } = await import('./config-command')
      return configCommand(rest, (v) => checkDataDir(v, 'config'))
    }
    case 'serve':
      if (rest.includes('--help') || rest.includes('-h')) {
        process.stdout.write(`${serveUsage()}\n`)
        return 0
      }
      // The development service (scenarios, faults, /__admin), as `npm run service`: the one place
      // src/main loads src/dev-service, and the CLI is not in the app's bundle. Its CLI parses
      // process.argv itself and keeps running until a signal.
      process.argv = [...process.argv.slice(0, 2), ...rest]
      await import('../../dev-service/cli')
      return null
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`)
      return 0
    case '--version': {
      const { buildVersion } = await import('../daemon/version')
      process.stdout.write(`${buildVersion()}\n`)
      return 0
    }
    case undefined:
      // Nothing typed at all: the whole usage is the answer.
      process.stderr.write(`error: no command given\n${USAGE}\n`)
      return EXIT_ERROR
    default:
      throw new UsageError(
        `unknown command "${command}"; the commands are check, backtest, daemon, serve and config`,
        null,
      )
  }
}

/**
 * The command's exit code once it has finished (process.exitCode set), or null for one that runs
 * on until it ends the process itself (daemon, serve). The desktop app's --cli waits on it.
 */
export const done: Promise<number | null> = main(process.argv.slice(2)).then(
  (code) => {
    if (code === null) return null
    process.exitCode = code
    // Lingering sockets must not keep a finished check alive.
    setTimeout(() => process.exit(code), 2_000).unref()
    return code
  },
  async (e: unknown) => {
    const { oneLine } = await import('./format')
    const message = oneLine((e as Error).message)
    const help = e instanceof UsageError ? `${helpLine(e.command)}\n` : ''
    process.stderr.write(`error: ${message}\n${help}`)
    // `check --json` promises one document on stdout, also when the check could not start.
    const args = process.argv.slice(2)
    if (args[0] === 'check' && args.includes('--json')) {
      const { emptyReport } = await import('./json-report')
      const baseUrl = flagValue(args, '--base-url')
      const doc = emptyReport(baseUrl ? 'live' : 'demo', baseUrl ?? '', new Date().toISOString())
      process.stdout.write(`${JSON.stringify({ ...doc, notes: [], errors: [message] }, null, 2)}\n`)
    }
    if (args[0] === 'backtest' && args.includes('--json')) {
      const { argErrorJson, backtestRuleFor } = await import('./backtest')
      const { parseDaysFlag } = await import('./backtest-args')
      const doc = argErrorJson(
        known(() => parseDaysFlag(flagValue(args, '--days'))),
        known(() => {
          const rule = flagValue(args, '--rule')
          return rule === undefined
            ? backtestRuleFor({}).condition
            : parseConditionFlag('--rule', rule)
        }),
        [message],
      )
      process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`)
    }
    process.exitCode = EXIT_ERROR
    return EXIT_ERROR
  },
)
