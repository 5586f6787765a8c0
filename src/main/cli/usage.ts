// The CLI's usage text: printed for --help (stdout, exit 0) and after an argument error (stderr, exit 2).

export const USAGE = `Usage:
  npm run cli -- check [--json] [--base-url URL] [--symbols TSLA,NVDA] [--data-dir DIR] [--verbose]
  npm run cli -- serve [--port 8787] [--key KEY] [--latency MS] [--scenario JSON]... [--fault JSON]...
  npm run cli -- --help

check runs one poll and prints the watchlist as a table (or --json for scripts).
  --json          one JSON document on stdout, always (also when every request failed): rows (with
                  plain-language problems), events, decisions, failures, notes, errors
  --base-url URL  the Liquidity service to read (https, or http on this machine); default: the
                  saved one, else built-in demo data
  --symbols LIST  comma-separated tickers to check instead of the saved watchlist
  --data-dir DIR  where settings, the offline cache and alert state live (repeat runs act as
                  successive polls: a drop is confirmed on the next run)
  --verbose       also say why the system keychain could not be read
  Exit codes: 0 no alert firing (held alerts, whose figures disagree or that are flapping, are not
  firing), 1 alerts firing on trusted data (also through an outage: the last trusted reading
  stands), 2 error (a request failed with no cached data to stand in; the API key is missing,
  refused or bound to another service, even with cached data; the alert state could not be saved
  so the next run cannot continue from this one; or the check could not run, e.g. the watchlist is
  empty); the reason is on stderr. When cached data stands in for a failed request, the table
  shows it and a note says from when.
  The API key comes from LIQUIDITY_API_KEY, else the desktop app's entry in the system keychain.

serve runs the local Liquidity service with demo data (see README: faults and scenarios).`
