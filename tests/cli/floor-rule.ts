// A rule a test controls, so it holds on any date: the demo series moves with the day (on some
// days a symbol is already down 10 % over 7 days and the default rule fires before the test's own
// scenario). The rule fires when the symbol falls below 80 % of its TVL when the test starts:
// only the scenario the test adds (a 35 % drop) takes it there, on any date.
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JsonReport } from '../../src/main/cli/json-report'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli } from './run-cli'

/** Saved settings in `dir` whose one rule fires when `symbol` falls below 80 % of its TVL now. */
export async function writeFloorRule(
  dir: string,
  o: { baseUrl: string; env: Record<string, string>; symbol: string },
): Promise<void> {
  const probeDir = await mkdtemp(join(tmpdir(), 'lw-floor-'))
  try {
    const probe = await cli(
      ['check', '--json', '--base-url', o.baseUrl, '--symbols', o.symbol, '--data-dir', probeDir],
      o.env,
    )
    const tvl = (JSON.parse(probe.stdout) as JsonReport).rows[0]?.tvl
    if (typeof tvl !== 'number') throw new Error(`no TVL for ${o.symbol}: ${probe.stderr}`)
    const rule: AlertRule = {
      ...defaultRules()[0]!,
      id: 'test-floor',
      name: `${o.symbol} below 80 % of its TVL at the start of the test`,
      scope: { kind: 'symbols', symbols: [o.symbol] },
      condition: { kind: 'tvl-below', amount: Math.round(tvl * 0.8) },
    }
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ ...defaultSettings(), rules: [rule] }),
    )
  } finally {
    await rm(probeDir, { recursive: true, force: true })
  }
}
