// `check --rule JSON` (repeatable) and the condition kinds in `check --help`: any condition kind
// judged headless for one run, with its own alert state, the saved rules' state left untouched.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { conditionSchema } from '../../src/shared/alert-rules'
import { conditionKinds } from '../../src/shared/condition-kinds'
import type { JsonReport } from '../../src/main/cli/json-report'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-rule-0123456789', (s) => (svc = s))

/** One breaching condition of every kind (scenarios below make TSLA breach each). */
const BREACHING = [
  { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 10 },
  { kind: 'tvl-below', amount: 1e15 },
  { kind: 'concentration', by: 'issuer', maxSharePct: 99, maxHhi: 100 },
  { kind: 'pool-count', network: 'ethereum', below: 1 },
]

describe('check --help', () => {
  it(
    'lists every condition kind of the rule schema with an example that the schema accepts',
    { timeout: T },
    async () => {
      const r = await cli(['check', '--help'])
      expect(r.code).toBe(0)
      const kinds = conditionSchema.options.map((o) => o.shape.kind.value)
      expect(conditionKinds().map((k) => k.kind)).toEqual(kinds)
      // check --help: one line each; check --help-conditions: what each means, with its example.
      const full = await cli(['check', '--help-conditions'])
      expect(full.code).toBe(0)
      for (const k of conditionKinds()) {
        expect(r.stdout).toMatch(
          new RegExp(`^  ${k.kind}: +${k.brief.replace(/[()|.*+?^$[\]\\]/g, '\\$&')}$`, 'm'),
        )
        expect(full.stdout).toContain(`  ${k.kind}: ${k.summary}`)
        expect(full.stdout).toContain(`--rule '${JSON.stringify(k.example)}'`)
        expect(conditionSchema.safeParse(k.example).success, k.kind).toBe(true)
      }
      expect(r.stdout).toMatch(/--rule JSON\s+judge this condition/)
    },
  )
})

describe('check --rule', () => {
  it(
    'judges every kind given (repeated flag) instead of the saved rules: confirmed on the 2nd run, exit 1',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const ids = [
        svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 }),
        svc.scenarios.add({ kind: 'pool-loss', symbol: 'TSLA', network: 'ethereum', pools: 50 }),
      ]
      try {
        const args = [
          'check',
          '--json',
          '--base-url',
          svc.url,
          '--symbols',
          'TSLA',
          '--data-dir',
          dir,
        ]
        for (const c of BREACHING) args.push('--rule', JSON.stringify(c))
        const first = await cli(args, env)
        expect(first.code).toBe(0)
        const a = JSON.parse(first.stdout) as JsonReport
        expect(a.rows[0]).toMatchObject({ symbol: 'TSLA', alertState: 'pending' })
        const second = await cli(args, env)
        expect(second.code).toBe(1)
        const b = JSON.parse(second.stdout) as JsonReport
        expect(b.firing).toBe(4)
        const fired = b.events.filter((e) => e.type === 'fired')
        expect(fired.map((e) => e.ruleId)).toEqual([
          'cli-rule-1',
          'cli-rule-2',
          'cli-rule-3',
          'cli-rule-4',
        ])
        expect(fired.map((e) => e.ruleName)).toEqual(
          BREACHING.map((c, i) => `--rule ${i + 1}: ${JSON.stringify(c)}`),
        )
        // The loss was there before the first run: said as under way when watching began.
        expect(fired[3]!.message).toMatch(
          /^TSLA has 0 pools on ethereum, below the floor of 1 \(already under way when watching began\)$/,
        )
        // The saved rules were not judged, and their alert state was never written.
        expect(await readdir(dir)).not.toContain('alert-state.json')
        const [own] = await readdir(join(dir, 'cli-rules'))
        expect(await readdir(join(dir, 'cli-rules', own!))).toContain('alert-state.json')
      } finally {
        ids.forEach((id) => svc.scenarios.remove(id))
      }
    },
  )

  it(
    'volume-change: a volume collapse is pending, then firing with its figures in --json and the table',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      // Steady volume on every earlier day; today's 60 % lower (the earlier days are read at midnight).
      const ids = [
        svc.scenarios.add({ kind: 'known-drops', symbol: 'TSLA', drops: [] }),
        svc.scenarios.add({
          kind: 'volume-collapse',
          symbol: 'TSLA',
          pct: 60,
          from: Math.floor(Date.now() / 86_400_000) * 86_400_000 + 1,
        }),
      ]
      const condition = { kind: 'volume-change', direction: 'down', thresholdPct: 50 }
      const base = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir]
      const rule = ['--rule', JSON.stringify(condition)]
      try {
        const first = await cli([...base, ...rule, '--json'], env)
        expect(first.code).toBe(0)
        expect((JSON.parse(first.stdout) as JsonReport).rows[0]).toMatchObject({
          alertState: 'pending',
        })
        const second = await cli([...base, ...rule, '--json'], env)
        expect(second.code).toBe(1)
        const doc = JSON.parse(second.stdout) as JsonReport
        const fired = doc.events.find((e) => e.type === 'fired')!
        // baselineDays took its default of 30.
        expect(fired.ruleName).toBe(
          `--rule 1: ${JSON.stringify({ ...condition, baselineDays: 30 })}`,
        )
        expect(fired.message).toMatch(
          // The collapse was there before the first run: said as under way when watching began.
          /^TSLA trading volume down 60\.0 % against its 30-day average \(\$[\d.]+[KMB] a day, average \$[\d.]+[KMB]\) \(already under way when watching began\)$/,
        )
        expect(fired.value).toBeCloseTo(-60, 0)
        expect(fired.threshold).toBe(50)
        const table = await cli([...base, ...rule], env)
        expect(table.code).toBe(1)
        expect(table.stdout).toMatch(/TSLA.*firing/)
      } finally {
        ids.forEach((id) => svc.scenarios.remove(id))
      }
    },
  )

  it('leaves the saved rules’ alert state as it was', { timeout: T }, async () => {
    const dir = await dirs.make()
    const env = { LIQUIDITY_API_KEY: svc.apiKey }
    const base = ['check', '--base-url', svc.url, '--symbols', 'NVDA', '--data-dir', dir]
    expect((await cli(base, env)).code).toBe(0)
    const saved = await readFile(join(dir, 'alert-state.json'), 'utf8')
    const rule = ['--rule', '{"kind":"tvl-below","amount":1e15}']
    expect((await cli([...base, ...rule], env)).code).toBe(0)
    expect((await cli([...base, ...rule], env)).code).toBe(1)
    expect(await readFile(join(dir, 'alert-state.json'), 'utf8')).toBe(saved)
    // The saved rule's run continues from its own state: its second run, not its third.
    const after = await cli([...base, '--json'], env)
    expect(after.code).toBe(0)
    expect((JSON.parse(after.stdout) as JsonReport).events).toEqual([])
  })

  it(
    'a --rule that is not JSON, or not a condition: a plain error and the help line, exit 2',
    { timeout: T },
    async () => {
      const bad = await cli(['check', '--rule', '{kind:tvl-below}'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toMatch(
        /^error: --rule 1 is not valid JSON \(got "\{kind:tvl-below\}"\)\. Quote it for the shell/m,
      )
      expect(bad.stderr).toMatch(/^Run "liquidity-watch check --help" for its options\.$/m)
      const wrong = await cli([
        'check',
        '--json',
        '--rule',
        '{"kind":"tvl-below","amount":5}',
        '--rule',
        '{"kind":"pool-count","network":"ethereum"}',
      ])
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toMatch(
        /^error: --rule 2: the condition needs "below" \(a floor\), "dropBy" \(a drop since the last poll\) or both\.$/m,
      )
      const doc = JSON.parse(wrong.stdout) as JsonReport
      expect(doc.rows).toEqual([])
      expect(doc.errors).toHaveLength(1)
      const unknown = await cli(['check', '--rule', '{"kind":"tvl-jump"}'])
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toMatch(
        /^error: --rule 1 is not a condition Liquidity Watch knows: kind /m,
      )
    },
  )
})
