// `liquidity-watch daemon [options]`: parses the flags (the same --base-url, --symbols, --rule and
// --data-dir as check) and runs the daemon until SIGTERM.
import { parseArgs } from 'node:util'
import type { AlertCondition } from '../../shared/alert-rules'
import { usageError } from '../cli/arg-errors'
import { parseRuleFlag } from '../cli/cli-rules'
import { parseContactPointFlag } from '../cli/contact-point-flag'
import { checkDataDir, parseBaseUrlFlag, parseSymbols } from '../cli/common-flags'
import { printable } from '../cli/printable'
import { parseListen } from './listen'
import { parseLogFormat } from './log-line'
import { DAEMON_LINE } from '../cli/usage'

const DAEMON_OPTIONS = {
  'base-url': { type: 'string' },
  demo: { type: 'boolean', default: false },
  symbols: { type: 'string' },
  'data-dir': { type: 'string' },
  rule: { type: 'string', multiple: true },
  'contact-point': { type: 'string', multiple: true },
  config: { type: 'string' },
  listen: { type: 'string' },
  'log-format': { type: 'string' },
  // Hidden, for tests and the bench: extra polls every N ms.
  'test-poll-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

export const DAEMON_USAGE = `Usage:
${DAEMON_LINE}

daemon runs the engine on its schedule until stopped: polling, alert rules, history and
delivery to contact points, with Prometheus metrics and health checks over HTTP.
  --listen HOST:PORT   where /metrics, /healthz and /readyz answer (default 127.0.0.1:9464;
                       another address than loopback only when given here)
  --log-format FORMAT  text (default) or json: one line per poll and per lifecycle event
  --data-dir DIR       settings, offline cache, history and alert state (one daemon per folder)
  --base-url URL       the Liquidity service to read instead of the saved one
  --demo               run on the built-in demo data (without a service address and without
                       --demo, the daemon refuses to start: demo figures are not real ones)
  --symbols LIST       comma-separated tickers to watch instead of the saved watchlist
  --rule JSON          judge this condition instead of the saved rules; repeat for several
  --config FILE        import this config file (JSON or YAML, as "config import") into the
                       settings at start and on SIGHUP; a bad file is refused whole
  --contact-point JSON also deliver to this contact point (as check's; secrets from the JSON or
                       an environment variable it names); repeat for several
The key: LIQUIDITY_API_KEY, or a file named by LIQUIDITY_WATCH_API_KEY_FILE (a mounted secret).
Signals: SIGTERM/SIGINT finish the poll in flight (up to 10 s), save and exit 0; SIGHUP reloads
the settings (a bad file is refused and the running settings are kept). See docs/cli.md and
docs/metrics.md.
  Exit codes: 0 stopped by SIGTERM/SIGINT after saving, 1 stopping did not finish cleanly, 2 it could
  not start (a bad option, no service address, an unreadable key file, the data dir in use by
  another daemon, or the --listen address taken).`

export async function daemonCommand(args: string[]): Promise<number | null> {
  let values
  try {
    values = parseArgs({
      args,
      options: DAEMON_OPTIONS,
      strict: true,
      allowPositionals: false,
    }).values
  } catch (e) {
    // The hidden --test-poll-ms is not offered to users.
    const { 'test-poll-ms': _hidden, ...shown } = DAEMON_OPTIONS
    usageError(e, 'daemon', shown)
  }
  if (values.help) {
    process.stdout.write(`${DAEMON_USAGE}\n`)
    return 0
  }
  let parsed
  try {
    const rules: AlertCondition[] | undefined = values.rule?.map((t, i) => parseRuleFlag(t, i + 1))
    const testPollMs =
      values['test-poll-ms'] === undefined ? undefined : Number(values['test-poll-ms'])
    if (values.demo && values['base-url'] !== undefined)
      throw new Error('--demo and --base-url ask for different services; pass one of them')
    if (testPollMs !== undefined && !(testPollMs >= 100))
      throw new Error('--test-poll-ms expects a number of ms ≥ 100')
    parsed = {
      configFile: values.config,
      demo: values.demo,
      contactPoints: values['contact-point']?.map((text, i) =>
        parseContactPointFlag(`--contact-point ${i + 1}`, text, process.env),
      ),
      symbols: values.symbols === undefined ? undefined : parseSymbols(values.symbols),
      rules,
      listen: parseListen(values.listen),
      logFormat: parseLogFormat(values['log-format']),
      testPollMs,
    }
  } catch (e) {
    usageError(e, 'daemon')
  }
  // A closed stdout (a pipe whose reader left) must not end the daemon: its log is lost, not its work.
  process.stdout.on('error', () => undefined)
  const { runDaemon } = await import('./daemon')
  await runDaemon(
    {
      ...parsed,
      baseUrl: parseBaseUrlFlag(values['base-url'], 'daemon'),
      dataDir: checkDataDir(values['data-dir'], 'daemon'),
    },
    {
      out: (t) => process.stdout.write(`${printable(t)}\n`),
      env: process.env,
      exit: (code) => process.exit(code),
    },
  )
  // Runs until a signal: runDaemon's handlers end the process.
  return null
}
