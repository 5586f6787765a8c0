// The CLI's usage text: printed for --help (stdout, exit 0) and when no command is given (stderr, exit 2);
// an argument error prints one line and points at --help instead (arg-errors.ts). `<command> --help`
// prints that command's part only; `check --help-conditions` the condition kinds in full.
import { conditionKinds } from '../../shared/condition-kinds'
import { backtestKindLines } from './backtest-kinds'
import { CONFIG_EXPORT_LINE, CONFIG_IMPORT_LINE } from './config-usage'

/** Every condition kind of the rule schema in full, with an example: made from the schema's own list. */
export function conditionHelp(): string {
  return `Condition kinds (for --rule and a rule's "condition" in settings):\n${conditionKinds()
    .map((k) => `  ${k.kind}: ${k.summary}\n      --rule '${JSON.stringify(k.example)}'`)
    .join('\n')}`
}

/** One line per condition kind (its brief), and where the detail is. */
function conditionList(): string {
  const kinds = conditionKinds()
  const width = Math.max(...kinds.map((k) => k.kind.length)) + 2
  return `Condition kinds (for --rule and a rule's "condition" in settings; "check --help-conditions"
or docs/cli.md for what each means, with an example):
${kinds.map((k) => `  ${`${k.kind}:`.padEnd(width)}${k.brief}`).join('\n')}`
}

const CHECK_LINE =
  '  liquidity-watch check [--json] [--base-url URL] [--symbols TSLA,NVDA] [--data-dir DIR] [--rule JSON]... [--contact-point JSON]... [--verbose] [--help-conditions]'
const BACKTEST_LINE =
  '  liquidity-watch backtest [--symbols TSLA,NVDA] [--rule JSON] [--days 365] [--json] [--base-url URL] [--data-dir DIR]'
export const DAEMON_LINE =
  '  liquidity-watch daemon [--base-url URL | --config FILE | --demo] [--listen 127.0.0.1:9464] [--log-format text|json] [--data-dir DIR] [--symbols TSLA,NVDA] [--rule JSON]... [--contact-point JSON]...'
const SERVE_LINE =
  '  liquidity-watch serve [--port 8787] [--host 127.0.0.1] [--key KEY] [--latency MS] [--universe N] [--scenario JSON]... [--fault JSON]...'

const CHECK_TEXT = `check runs one poll and prints the watchlist as a table (or --json for scripts).
  --json          one JSON document on stdout, always (also when every request failed): rows (with
                  plain-language problems and findings), events, decisions, failures, notes, errors,
                  deliveries: [{ id, eventIds, contactPoint, kind, status, attempts, lastError }]
                  (this run's messages to contact points; status queued, sent, failed or dropped;
                  id is the message's idempotency id; never a secret)
  --base-url URL  the Liquidity service to read (https, or http on this machine); default: the
                  saved one, else built-in demo data
  --demo          use the built-in demo data, also when a Service URL is saved (a saved one that
                  cannot be used is otherwise an error: check never falls back to demo data)
  --symbols LIST  comma-separated tickers to check instead of the saved watchlist
  --data-dir DIR  where settings, the offline cache and alert state live (repeat runs act as
                  successive polls: a drop is confirmed on the next run)
  --rule JSON     judge this condition (a rule's "condition", kinds below) instead of the saved
                  rules; repeat it for several. Each gets the default rule's pacing (confirmed on
                  the 2nd run, re-arm 2 points) and its own alert state in DIR/cli-rules/, so the
                  saved rules' alerts are left as they were
  --contact-point JSON  also send this run's notifications to this contact point (besides those
                  saved in DIR's settings, whose secrets come from the app's keychain); repeat it
                  for several, e.g. '{"kind":"webhook","urlEnv":"SLACK_WEBHOOK_URL","format":"slack"}'
                  (kinds webhook, ntfy, email, alertmanager; formats json, slack, discord, teams,
                  mattermost). The secret (url, token, password) may be in the JSON or, better, in
                  the environment variable "urlEnv", "tokenEnv" or "passwordEnv" names; only
                  https:// (http:// to this computer only). check waits up to 5 s for sending; what
                  is not sent then stays queued in DIR/outbox.sqlite and the next check sends it
                  (same idempotency id, so never twice where the receiver de-duplicates)
  --verbose       also say why the system keychain could not be read
  --help-conditions  print what each condition kind means, with an example, and exit
  Exit codes: 0 no alert firing (held alerts, whose figures disagree or that are flapping, are not
  firing), 1 alerts firing on trusted data (also through an outage: the last trusted reading
  stands), 2 error (a request failed with no cached data to stand in; the API key is missing,
  refused or bound to another service, even with cached data; the alert state could not be saved
  so the next run cannot continue from this one; or the check could not run, e.g. the watchlist is
  empty or a --rule is not a condition); the reason is on stderr. When cached data stands in for a
  failed request, the table shows it and a note says from when.
  The API key comes from LIQUIDITY_API_KEY, else the desktop app's entry in the system keychain.`

const BACKTEST_TEXT = `backtest runs an alert rule over the service's daily series (TVL and trading volume) of the last
year and says when it would have fired: "Would have fired twice on TSLA (2026-02-03 – 2026-02-10:
worst −12.3 %, 2026-05-01 – still open: worst −10.8 %), never on NVDA." One evaluation per day
(a TVL change over N days = TVL on the day / TVL N days before − 1);
it fires after the rule's pending days of breach in a row (2) and ends on the first day the value
is back past the threshold by the re-arm margin (2 points).
  --symbols LIST  the symbols to test; default the saved watchlist
  --rule JSON     the condition to test, as in a rule's "condition"; default the 7-day drop rule's,
                  '{"kind":"tvl-change","window":"7d","direction":"down","thresholdPct":10}'.
${backtestKindLines()}
  --days N        days of history, 1 to 365 (default 365, all the service keeps)
  --json          { "results": [ { "symbol", "episodes": [ { "start", "end", "worstPct" } ],
                  "tested", "note" } ], "days", "condition", "rule", "errors" }; dates YYYY-MM-DD,
                  "end" null while still open, worstPct the worst change (or distance below the
                  floor) in %, to hundredths; "condition" in words, "rule" as JSON (as --rule takes
                  it); every key also after an argument error
  Exit codes: 0 would never have fired, 1 would have fired on at least one symbol, 2 error (bad
  arguments or --rule, a condition the daily series cannot answer, the service could not be read,
  or a symbol could not be tested: unknown, no data or too short a series; the reason is on stderr).`

const DAEMON_TEXT = `daemon runs the engine on its schedule until stopped, with Prometheus metrics on /metrics and
  /healthz, /readyz; "daemon --help" for its options, docs/metrics.md for the metric names.`

const SERVE_TEXT = `serve runs the local Liquidity service with demo data (faults and scenarios: docs/cli.md);
  --universe N serves N assets (the 26 demo ones, then generated ones).`

// The options are src/dev-service/cli.ts's (it parses them); said here so that --help needs no service.
const SERVE_OPTIONS = `serve runs the local Liquidity service with demo data, for demos and development, until stopped
(Ctrl-C); it prints its URL and API key. Not the real service: see docs/cli.md.
  --port N        the port to listen on (default 8787)
  --host HOST     the address to listen on (default 127.0.0.1, this computer only)
  --key KEY       the API key it accepts (default: the demo key; it is printed)
  --latency MS    answer every request this many milliseconds late (default 0)
  --universe N    serve N assets: the 26 demo ones, then generated ones (default 26)
  --scenario JSON a story to play, e.g. '{"kind":"tvl-drop","symbol":"TSLA","pct":15,"windowDays":7}';
                  repeat it for several (kinds: docs/cli.md)
  --fault JSON    a fault to inject, e.g. '{"kind":"status","status":500}'; repeat it for several
                  (kinds: docs/cli.md)
  Exit codes: 0 stopped by a signal, 2 bad options or the port could not be used.`

/** `check --help`: check's usage and the condition kinds, one line each. */
export function checkUsage(): string {
  return `Usage:\n${CHECK_LINE}\n\n${CHECK_TEXT}\n\n${conditionList()}`
}

/** `serve --help`: serve's usage only. */
export function serveUsage(): string {
  return `Usage:\n${SERVE_LINE}\n\n${SERVE_OPTIONS}`
}

/** `backtest --help`: backtest's usage only. */
export function backtestUsage(): string {
  return `Usage:\n${BACKTEST_LINE}\n\n${BACKTEST_TEXT}`
}

/** `--help` (and no command): every command. */
export const USAGE = `Usage:
${CHECK_LINE}
${BACKTEST_LINE}
${DAEMON_LINE}
${SERVE_LINE}
${CONFIG_EXPORT_LINE}
${CONFIG_IMPORT_LINE}
  liquidity-watch --help
  liquidity-watch --version
(From a checkout, "npm run cli -- …" runs the same commands; the desktop app runs them as
"<app binary> --cli …": see README.)

${CHECK_TEXT}

${BACKTEST_TEXT}

${conditionList()}

${DAEMON_TEXT}

${SERVE_TEXT}

config exports the settings as a JSON or YAML file, and imports one ("config --help").`
