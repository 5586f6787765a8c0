// `npm run service -- --port 8787 [--host H] [--key K] [--latency MS] [--universe N] [--scenario JSON]… [--fault JSON]…`
// Runs the local Liquidity service standalone, with /__admin on for scripting it from outside.
import { parseArgs } from 'node:util'
import { startLocalService, type LocalService } from './server'
import { MAX_UNIVERSE } from '../main/service/universe'

const USAGE =
  'Usage: npm run service -- [--port 8787] [--host 127.0.0.1] [--key KEY] [--latency MS]\n' +
  '                          [--universe N]   serve N assets (26 real, the rest generated)\n' +
  "                          [--scenario '<json>']... [--fault '<json>']...\n"

function fail(message: string): never {
  // "error:" as every liquidity-watch command says it (this is also `liquidity-watch serve`).
  process.stderr.write(`error: ${message}\n`)
  process.exit(2)
}

function parseJson(flag: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (e) {
    return fail(`--${flag} expects JSON (${(e as Error).message}): ${text}`)
  }
}

function numberFlag(flag: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt
  const n = Number(v)
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(n))
    fail(`--${flag} expects a whole number, got "${v}"`)
  return n
}

function parseOptions(): ReturnType<typeof parseFlags> {
  try {
    return parseFlags()
  } catch (e) {
    // A mistyped option: say which, and show what the options are.
    return fail(`${(e as Error).message}\n${USAGE}`)
  }
}

function parseFlags() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string' },
      latency: { type: 'string' },
      universe: { type: 'string' },
      scenario: { type: 'string', multiple: true },
      fault: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
}

async function main(): Promise<void> {
  const { values } = parseOptions()
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const port = numberFlag('port', values.port, 8787)
  if (port > 65535) fail(`--port must be <= 65535, got ${port}`)
  const universe =
    values.universe === undefined ? undefined : numberFlag('universe', values.universe, 0)
  if (universe !== undefined && (universe < 1 || universe > MAX_UNIVERSE))
    fail(`--universe must be from 1 to ${MAX_UNIVERSE}, got ${universe}`)

  let service: LocalService
  try {
    service = await startLocalService({
      host: values.host ?? '127.0.0.1',
      port,
      apiKey: values.key,
      latencyMs: numberFlag('latency', values.latency, 0),
      universe,
      admin: true,
    })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return fail(
      code === undefined
        ? `could not listen: ${(e as Error).message}`
        : `could not listen on ${values.host ?? '127.0.0.1'}:${port} (${code}); pass another --port.`,
    )
  }
  try {
    for (const s of values.scenario ?? []) service.scenarios.add(parseJson('scenario', s) as never)
    for (const f of values.fault ?? []) service.faults.inject(parseJson('fault', f) as never)
  } catch (e) {
    await service.close()
    fail((e as Error).message)
  }

  const stop = (signal: string): void => {
    process.stdout.write(`\n${signal}: closing\n`)
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  // Handlers first: a supervisor may signal as soon as it reads the URL.
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.stdout.write(
    `Liquidity service listening on ${service.url}\n` +
      `API key: ${service.apiKey}\n` +
      `Try: curl -H "Authorization: Bearer ${service.apiKey}" ${service.url}/api/v0/liquidity/asset/TSLA\n`,
  )
}

main().catch((e: unknown) => fail((e as Error).message))
