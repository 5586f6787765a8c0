// `check`: one poll cycle through the same AppCore the app uses, printed; exit 0 / 1 (firing) / 2 (error).
import { runningDaemon } from '../daemon/lock'
import type { AlertEvent } from '../../shared/alert-rules'
import { countsAsFiring, heldInsteadOfFiring } from '../../shared/alert-facts'
import { toSerializedError } from '../../shared/errors'
import { DEMO_LABEL } from '../../shared/link-state'
import { createAppCore, type AppCore } from '../core/app-core'
import { marketLines } from './market-lines'
import { settingsFilePath } from '../engine/settings/settings-store'
import { lostServiceUrl } from '../engine/settings/lost-service-url'
import { alertStateKeptAsIs, alertStateLost, nothingToShow } from './check-outcome'
import { cachedNotes, runErrors } from './link-notes'
import { bulkStandIns, eventLines, findingLines, oneLine, pollsToConfirm, table } from './format'
import { emptyReport, jsonReport, type JsonReport } from './json-report'
import { EXIT_OK, EXIT_FIRING, EXIT_ERROR } from './exit-codes'
import {
  CHECK_SEND_BUDGET_MS,
  deliveryLines,
  jsonDeliveries,
  sendWithin,
  type JsonDelivery,
} from './check-delivery'
import { headlessCoreDeps, type HeadlessRun } from './headless-core'

export interface CheckOptions extends HeadlessRun {
  json: boolean
  /** Also say what was tried and failed on the way (the keychain's own words). */
  verbose?: boolean
}

export interface CheckIo {
  out: (text: string) => void
  err: (text: string) => void
  env: NodeJS.ProcessEnv
}

/**
 * Longest a check waits in all at rate holds and between attempts: a one-shot run gives up quickly
 * ("rate-limited until 14:05") instead of waiting out a rate limit the way a desktop poll may.
 */
export const CHECK_WAIT_BUDGET_MS = 15_000

export { EXIT_OK, EXIT_FIRING, EXIT_ERROR }

export async function runCheck(o: CheckOptions, io: CheckIo): Promise<number> {
  let core: AppCore | null = null
  const diagnostics: string[] = []
  const notes: string[] = []
  const errors: string[] = []
  let deliveries: JsonDelivery[] = []
  const note = (text: string): void => {
    notes.push(oneLine(text))
    io.err(`note: ${oneLine(text)}`)
  }
  const error = (text: string): void => {
    errors.push(oneLine(text))
    io.err(`error: ${oneLine(text)}`)
  }
  /** --json always prints its document, also when nothing could be shown (then rows are []). */
  const printJson = (doc: Omit<JsonReport, 'notes' | 'errors' | 'deliveries'>): void => {
    if (o.json) io.out(JSON.stringify({ ...doc, deliveries, notes, errors }, null, 2))
  }
  // Demo data only when chosen (no URL ever saved): a saved one that cannot be used needs fixing.
  if (o.demo === true && o.baseUrl !== undefined) {
    error('--demo and --base-url ask for different services; pass one of them.')
    printJson(emptyReport('demo', '', new Date().toISOString()))
    return EXIT_ERROR
  }
  const lostUrl =
    o.baseUrl === undefined && o.demo !== true
      ? lostServiceUrl(o.dataDir, settingsFilePath(o.dataDir))
      : null
  if (lostUrl !== null) {
    const path = settingsFilePath(o.dataDir)
    error(
      `The Service URL saved in ${path} cannot be used (${lostUrl.replace(/\.$/, '')}), so check did not run (it does not use the demo data in its place). Fix "baseUrl" in ${path}, or pass --base-url with your service's address.`,
    )
    printJson(emptyReport('live', '', new Date().toISOString()))
    return EXIT_ERROR
  }
  // A daemon on this folder polls and sends from the same alert state and outbox: a check beside
  // it would send its alerts a second time and race it for the files.
  const daemon = runningDaemon(o.dataDir)
  if (daemon !== null) {
    error(
      `A daemon (pid ${daemon}) is watching ${o.dataDir}, so check did not run: it would send the daemon's alerts a second time. Read the daemon's /metrics, or give check another --data-dir.`,
    )
    printJson(emptyReport('live', '', new Date().toISOString()))
    return EXIT_ERROR
  }
  try {
    core = await createAppCore({
      ...headlessCoreDeps(o, {
        env: io.env,
        keychainUnreachable: (why) => {
          if (o.verbose) note(`The system keychain could not be read: ${why}`)
        },
        log: (line) => diagnostics.push(line),
        command: 'check',
      }),
      pollWaitBudgetMs: CHECK_WAIT_BUDGET_MS,
      notifyOnlyWhenSaved: true,
    })
    const reported = new Set(core.reports())
    for (const r of reported) note(r)
    const before = await core.getStatus()
    if (before.mode === 'demo')
      note(
        `${DEMO_LABEL} — built-in demo data (local service at ${before.baseUrl}); pass --base-url for a real service.`,
      )
    if ((await core.getSettings()).watchlist.length === 0) {
      error(
        `Your watchlist is empty: pass --symbols TSLA,NVDA, or add symbols to "watchlist" in ${settingsFilePath(o.dataDir)}.`,
      )
      printJson(emptyReport(before.mode, before.baseUrl, new Date().toISOString()))
      return EXIT_ERROR
    }
    const status = await core.refreshNow()
    // Contact points get a few seconds; what is not sent by then waits in the outbox for the next run.
    const delivery = core.delivery()
    await sendWithin(delivery, CHECK_SEND_BUDGET_MS)
    const sent = delivery?.sessionRecords() ?? []
    deliveries = jsonDeliveries(sent)
    const cycle = core.lastCycle()
    if (!cycle) {
      error(status.lastError?.message ?? diagnostics.at(-1) ?? 'the check did not complete')
      printJson(emptyReport(status.mode, status.baseUrl, new Date().toISOString()))
      return EXIT_ERROR
    }
    // Held alerts (figures disagree, flapping) are not firing: exit 1 means act on it.
    const firing = cycle.instances.filter(countsAsFiring).length
    const held = cycle.instances.filter((i) => heldInsteadOfFiring(i) !== null).length
    // A watchlist above the detail budget leaves rows without a full check every poll, screened on
    // the daily series or, when a rule needs details (issuer-drop), not judged at all: say how old
    // a detail can get. Beyond one interval the bound means the poll is tiered.
    const intervalMs = (await core.getSettings()).intervalMinutes * 60_000
    if ((status.detailAgeBoundMs ?? 0) > intervalMs && status.detailCoverage)
      note(status.detailCoverage)
    // Problems that arose during the poll (data that could not be saved), once each.
    for (const n of status.notices) if (!reported.has(n)) note(n)
    // Any failed request is an error, unless cached data stood in for it (then say so); a key
    // problem is an error even then.
    for (const n of cachedNotes(cycle, Date.now())) note(n)
    for (const e of runErrors(cycle, Date.now())) error(e)
    // Runs act as successive polls only through the saved alert state.
    if (cycle.alertStateKeptAsIs) error(alertStateKeptAsIs(cycle.alertStateKeptAsIs))
    else if (cycle.alertStateUnsaved) error(alertStateLost(cycle.alertStateUnsaved, o.dataDir))
    const toConfirm = pollsToConfirm(cycle.instances, await core.getRules())
    const shown = nothingToShow(cycle) ? { ...cycle, rows: [] } : cycle
    printJson(jsonReport(status.mode, status.baseUrl, shown, { firing, held }, toConfirm))
    if (!o.json && shown.rows.length > 0) {
      io.out(
        [
          table(shown.rows, toConfirm, bulkStandIns(cycle)),
          ...findingLines(shown.rows, cycle.rowFindings),
        ].join('\n'),
      )
      const markets = marketLines(shown.rows)
      if (markets.length > 0) io.out(['', ...markets].join('\n'))
      const lines = eventLines(cycle)
      if (lines.length > 0) io.out(['', ...lines].join('\n'))
      if (sent.length > 0) io.out(['', ...deliveryLines(sent)].join('\n'))
    }
    if (errors.length > 0) return EXIT_ERROR
    return firing > 0 ? EXIT_FIRING : EXIT_OK
  } catch (e) {
    error(toSerializedError(e).message)
    printJson(emptyReport(o.baseUrl ? 'live' : 'demo', o.baseUrl ?? '', new Date().toISOString()))
    return EXIT_ERROR
  } finally {
    await core?.stop().catch(() => undefined)
  }
}

export type { AlertEvent }
