// The CLI's usage text: printed for --help (stdout, exit 0) and after an argument error (stderr, exit 2).
import { conditionKinds } from '../../shared/condition-kinds'

/** Every condition kind of the rule schema, with an example: made from the schema's own list. */
function conditionHelp(): string {
  return conditionKinds()
    .map((k) => `  ${k.kind}: ${k.summary}\n      --rule '${JSON.stringify(k.example)}'`)
    .join('\n')
}

export const USAGE = `Usage:
  npm run cli -- check [--json] [--base-url URL] [--symbols TSLA,NVDA] [--data-dir DIR] [--rule JSON]... [--verbose]
  npm run cli -- serve [--port 8787] [--key KEY] [--latency MS] [--scenario JSON]... [--fault JSON]...
  npm run cli -- --help

check runs one poll and prints the watchlist as a table (or --json for scripts).
  --json          one JSON document on stdout, always (also when every request failed): rows (with
                  plain-language problems and findings), events, decisions, failures, notes, errors
  --base-url URL  the Liquidity service to read (https, or http on this machine); default: the
                  saved one, else built-in demo data
  --symbols LIST  comma-separated tickers to check instead of the saved watchlist
  --data-dir DIR  where settings, the offline cache and alert state live (repeat runs act as
                  successive polls: a drop is confirmed on the next run)
  --rule JSON     judge this condition (a rule's "condition", kinds below) instead of the saved
                  rules; repeat it for several. Each gets the default rule's pacing (confirmed on
                  the 2nd run, re-arm 2 points) and its own alert state in DIR/cli-rules/, so the
                  saved rules' alerts are left as they were
  --verbose       also say why the system keychain could not be read
  Exit codes: 0 no alert firing (held alerts, whose figures disagree or that are flapping, are not
  firing), 1 alerts firing on trusted data (also through an outage: the last trusted reading
  stands), 2 error (a request failed with no cached data to stand in; the API key is missing,
  refused or bound to another service, even with cached data; the alert state could not be saved
  so the next run cannot continue from this one; or the check could not run, e.g. the watchlist is
  empty or a --rule is not a condition); the reason is on stderr. When cached data stands in for a
  failed request, the table shows it and a note says from when.
  The API key comes from LIQUIDITY_API_KEY, else the desktop app's entry in the system keychain.

Condition kinds (for --rule and a rule's "condition" in settings):
${conditionHelp()}

serve runs the local Liquidity service with demo data (see README: faults and scenarios).`
