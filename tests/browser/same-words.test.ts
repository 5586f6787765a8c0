// One event, one wording (issue 19 item 4): a scripted 7-day drop on NVDA, judged by the app's core
// (the real engine, the embedded local service on 127.0.0.1) and by the `check` command against the
// same service, reads the same in the desktop notification, the Alerts history, the CLI table and
// `check --json`'s message.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultRules } from '../../src/shared/alert-rules'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli } from '../cli/run-cli'
import { useBrowserApps } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

/** A cell's own text, without its children's (the market note is a span of its own). */
const ownText = (td: {
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>
}): string =>
  Array.from(td.childNodes)
    .filter((n) => n.nodeType === 3) // text nodes
    .map((n) => n.textContent)
    .join('')
const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

describe('one event, one wording', () => {
  it('a fired alert and its recovery read the same in the notification, the Alerts history, the CLI table and --json', async () => {
    // No cooldown: the recovery is told at once, as the CLI's (one run per check) is. The
    // service's figures held at one instant: a run across midnight UTC would hand the app and the
    // CLI different days' figures (another % in the same words).
    const at = new Date()
    const app = await suite.start({
      settings: (s) => ({ ...s, rules: s.rules.map((r) => ({ ...r, cooldownMinutes: 0 })) }),
      serviceClock: () => at,
    })
    const { page } = app
    await waitForTvl(page, 4)
    const svc = app.service()!
    // The CLI judges the app's own default rule, from a first check before the drop as the app's.
    const rule = ['--rule', JSON.stringify(defaultRules()[0]!.condition)]
    const env = { LIQUIDITY_API_KEY: svc.apiKey }
    const check = async (dir: string, json: boolean): Promise<string> => {
      const r = await cli(
        ['check', '--base-url', svc.url, '--symbols', 'NVDA', '--data-dir', dir, ...rule].concat(
          json ? ['--json'] : [],
        ),
        env,
      )
      return r.stdout
    }
    const jsonDir = await mkdtemp(join(tmpdir(), 'lw-words-'))
    const tableDir = await mkdtemp(join(tmpdir(), 'lw-words-'))
    dirs.push(jsonDir, tableDir)
    await check(jsonDir, true)
    await check(tableDir, false)

    const drop = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 25, windowDays: 7 })
    await refresh(app)
    await refresh(app)
    await expect.poll(() => app.notifications.length, POLL).toBe(1)
    await check(jsonDir, true)
    await check(tableDir, false)
    const doc = JSON.parse(await check(jsonDir, true)) as JsonReport
    const table = await check(tableDir, false)

    const event = (await app.core.getAlertHistory({ symbol: 'NVDA', type: 'fired' }))[0]!
    expect(event.message).toMatch(/^NVDA TVL down \d+\.\d % in 7 days$/)
    // The notification's title is the message.
    const sent = app.notifications[0]!
    expect(sent.status === 'sent' && sent.title).toBe(event.message)
    // check --json's message and the table's event line.
    const fired = doc.events.find((e) => e.type === 'fired')!
    expect(fired.message).toBe(event.message)
    expect(table).toContain(`FIRED: ${event.message}`)
    // The Alerts history's message cell (its market note follows in its own span).
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const cell = page.locator(
      '[data-testid="alert-history"] tr[data-type="fired"][data-symbol="NVDA"] td.msg',
    )
    await expect.poll(() => cell.count(), POLL).toBe(1)
    const shown = await cell.evaluate(ownText)
    expect(shown.trim()).toBe(event.message)
    // Its value beside the rule's threshold, as the message words them.
    const figure = /^NVDA TVL down (\d+\.\d %)/.exec(event.message)![1]
    expect(
      await page
        .locator('[data-testid="alert-history"] tr[data-type="fired"][data-symbol="NVDA"] td.num')
        .textContent(),
    ).toBe(`−${figure} / −10 %`)

    // Its recovery, the same way: the history adds nothing to what the notification says.
    svc.scenarios.remove(drop)
    await refresh(app)
    await expect.poll(() => app.notifications.length, POLL).toBe(2)
    const back = (await app.core.getAlertHistory({ symbol: 'NVDA', type: 'resolved' }))[0]!
    expect(back.message).toMatch(/^NVDA 7-day TVL drop recovered after /)
    const told = app.notifications[1]!
    expect(told.status === 'sent' && told.title).toBe(back.message)
    const cliBack = (JSON.parse(await check(jsonDir, true)) as JsonReport).events.find(
      (e) => e.type === 'resolved',
    )!
    expect(cliBack.message).toBe(back.message)
    expect(await check(tableDir, false)).toContain(`RESOLVED: ${back.message}`)
    const backCell = page.locator(
      '[data-testid="alert-history"] tr[data-type="resolved"][data-symbol="NVDA"] td.msg',
    )
    await expect.poll(() => backCell.count(), POLL).toBe(1)
    expect((await backCell.evaluate(ownText)).trim()).toBe(back.message)
    expect(app.pageErrors).toEqual([])
  })
})
