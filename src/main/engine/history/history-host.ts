// The history's owner on the side that holds the database (the worker, history-worker.ts; or the
// caller's thread when a test injects a fault at the file boundary): answers one request at a time
// with the synchronous HistoryStore, so every guarantee of the store holds as it is.
import type { DatabaseSync } from 'node:sqlite'
import { flowOf } from './flow-of'
import type { Envelope, HistoryAnswers, HistoryReply, HistoryRequest } from './history-protocol'
import { HistoryStore } from './history-store'
import { latestFlow } from './latest-flow'
import { assetSharesView } from './shares-view'
import { issuerWindowOf } from './issuer-window'
import { assetMigrationView } from './migration-view'

export interface HistoryHostOptions {
  now?: () => Date
  openDb?: (path: string) => DatabaseSync
}

export class HistoryHost {
  #store: HistoryStore | null = null
  #reports: string[] = []

  constructor(private readonly o: HistoryHostOptions = {}) {}

  handle(req: Envelope): HistoryReply {
    try {
      const value = this.#answer(req)
      return { id: req.id, ok: true, value, notice: this.#notice(), reports: this.#drain() }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      return { id: req.id, ok: false, message, notice: this.#notice(), reports: this.#drain() }
    }
  }

  #answer(req: HistoryRequest): HistoryAnswers[HistoryRequest['kind']] {
    if (req.kind === 'open') {
      this.#store?.close()
      this.#store = HistoryStore.open({
        path: req.path,
        now: this.o.now ?? (() => new Date()),
        openDb: this.o.openDb,
        onReport: (r) => this.#reports.push(r),
        retention: req.retention,
      })
      return null
    }
    const store = this.#store
    if (store === null) throw new Error('the history was not opened')
    switch (req.kind) {
      case 'record':
        return store.record(req.source, req.at, req.entries)
      case 'flow':
        // Left open: the poll's write follows and closes it.
        return flowOf(store.reader(req.source), req.symbol, req.now, req.days)
      case 'asset-flow':
        return latestFlow(store, req.source, req.symbol, req.nowMs, req.days)
      case 'asset-shares':
        return assetSharesView(store, req.source, req.symbol, req.nowMs)
      case 'issuer-window':
        // Left open: the poll's write follows and closes it.
        return issuerWindowOf(store.reader(req.source), req.symbol, req.now, req.days)
      case 'asset-migration':
        return assetMigrationView(store, req.source, req.symbol, req.nowMs)
      case 'info':
        return store.info()
      case 'clear':
        store.clear()
        return null
      case 'close':
        store.close()
        this.#store = null
        return null
    }
  }

  #notice(): string | null {
    return this.#store?.notice() ?? null
  }

  #drain(): string[] {
    const out = this.#reports
    this.#reports = []
    return out
  }
}
