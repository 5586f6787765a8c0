// Main's handle on the app's own history. The database lives in a worker thread (history-worker.ts)
// so that a poll's write (one SQLite transaction, tens of ms at 200 symbols) never stalls the main
// thread: main posts the poll's rows in one message and its stall is their structured clone only.
// Reads (flow vs price, Settings) are asked and answered in order. The guarantees are the store's
// (history-store.ts): one transaction per poll, a failed write loses that poll's rows only and the
// notice says so, a file it cannot use is set aside. A worker that dies is said in the notice and
// started again at the next use.
import { createRequire } from 'node:module'
import type { DatabaseSync } from 'node:sqlite'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { LiquidityError } from '../../../shared/errors'
import type { AssetSharesView } from '../../../shared/asset-shares'
import type { AssetMigrationView, IssuersAt } from '../../../shared/issuer-moves'
import type { IssuerWindow } from './issuer-window'
import type { AssetFlowView, FlowResult } from '../../../shared/flow'
import type { HistoryEntry } from './history-entry'
import { HistoryHost } from './history-host'
import type {
  Envelope,
  FlowAt,
  HistoryAnswers,
  HistoryReply,
  HistoryRequest,
} from './history-protocol'
import type { RetentionPolicy } from './history-retention'
import type { HistoryInfo } from './history-store'

export interface HistoryClientOptions {
  path: string
  now?: () => Date
  /**
   * Opens the database file; tests wrap the real one to inject a fault at this boundary. A
   * function cannot cross to a worker: given, the store runs on the caller's thread instead.
   */
  openDb?: (path: string) => DatabaseSync
  /** A file set aside (at start or later): a notice for the session. */
  onReport?: (text: string) => void
  retention?: RetentionPolicy
  /** The worker's entry; default the one beside this module (built or source). */
  worker?: WorkerEntry
}

export interface WorkerEntry {
  url: URL
  execArgv?: string[]
}

/**
 * Built (out/main), the worker is its own entry beside the bundle's chunks; from source (tsx,
 * vitest) it is the .ts beside this file, loaded through tsx like the rest.
 */
export function defaultWorkerEntry(here: string = import.meta.url): WorkerEntry {
  if (!here.endsWith('.ts')) return { url: new URL('./history-worker.js', here) }
  const underTsx = process.execArgv.some((a) => a.includes('tsx'))
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href
  return {
    url: new URL('./history-worker.ts', here),
    execArgv: underTsx ? undefined : ['--import', tsx],
  }
}

type Kind = HistoryRequest['kind']
interface Pending {
  resolve: (v: unknown) => void
  reject: (e: Error) => void
}

export class HistoryClient {
  #worker: Worker | null = null
  readonly #local: HistoryHost | null
  #next = 1
  readonly #pending = new Map<number, Pending>()
  /** The poll writes posted and not yet answered (settled() waits for them). */
  readonly #writes = new Set<Promise<unknown>>()
  #notice: string | null = null
  #crash: string | null = null
  #closed = false

  private constructor(private readonly o: HistoryClientOptions) {
    this.#local = o.openDb ? new HistoryHost({ now: o.now, openDb: o.openDb }) : null
  }

  /** Starts the worker and opens (or starts) the file; never throws for the file's sake. */
  static async open(o: HistoryClientOptions): Promise<HistoryClient> {
    const client = new HistoryClient(o)
    await client.#ensure()
    return client
  }

  get path(): string {
    return this.o.path
  }

  /** While history cannot be written: one status line; null when the last write landed. */
  notice(): string | null {
    return this.#crash ?? this.#notice
  }

  /** Posts one poll's rows (one transaction in the worker); settled() waits until it landed. */
  record(source: string, atMs: number, entries: HistoryEntry[]): void {
    if (entries.length === 0) return
    const write = this.#call('record', { kind: 'record', source, at: atMs, entries }).catch(
      () => false, // the notice says why
    )
    this.#writes.add(write)
    void write.finally(() => this.#writes.delete(write))
  }

  /** Every write posted so far has landed (or failed and said so). */
  async settled(): Promise<void> {
    while (this.#writes.size > 0) await Promise.all([...this.#writes])
  }

  /** Flow vs price of a symbol now against its history `days` ago (read before this poll's write). */
  flow(source: string, symbol: string, now: FlowAt, days: number): Promise<FlowResult> {
    return this.#call('flow', { kind: 'flow', source, symbol, now, days })
  }

  /** The split over `days` as of the symbol's newest recorded figures, or the plain reason. */
  assetFlow(source: string, symbol: string, nowMs: number, days: number): Promise<AssetFlowView> {
    return this.#call('asset-flow', { kind: 'asset-flow', source, symbol, nowMs, days })
  }

  /** Issuer and network shares of the symbol over the stored history, or the plain reason. */
  assetShares(source: string, symbol: string, nowMs: number): Promise<AssetSharesView> {
    return this.#call('asset-shares', { kind: 'asset-shares', source, symbol, nowMs })
  }

  /** Each issuer now against the symbol's history `days` ago (null: the last poll). */
  issuerWindow(
    source: string,
    symbol: string,
    now: IssuersAt,
    days: number | null,
  ): Promise<IssuerWindow> {
    return this.#call('issuer-window', { kind: 'issuer-window', source, symbol, now, days })
  }

  /** The 7-day issuer moves as of the symbol's newest recorded figures, or the plain reason. */
  assetMigration(source: string, symbol: string, nowMs: number): Promise<AssetMigrationView> {
    return this.#call('asset-migration', { kind: 'asset-migration', source, symbol, nowMs })
  }

  info(): Promise<HistoryInfo> {
    return this.#call('info', { kind: 'info' })
  }

  /** Deletes every snapshot; rejects with a LiquidityError in plain words when it cannot. */
  async clear(): Promise<void> {
    try {
      await this.#call('clear', { kind: 'clear' })
    } catch (e) {
      throw new LiquidityError('storage', (e as Error).message)
    }
  }

  /** Lets every posted write land, closes the file and ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.settled()
    const worker = this.#worker
    if (worker === null && this.#local === null) return
    try {
      await this.#send({ kind: 'close' })
    } catch {
      // A worker already gone has nothing open.
    }
    this.#worker = null
    if (worker) await worker.terminate()
  }

  /** The store is open on its side: in this thread, or in a (new) worker. */
  #opened = false

  async #ensure(): Promise<void> {
    if (this.#opened && (this.#local || this.#worker)) return
    this.#opened = true
    if (!this.#local) this.#worker = this.#spawn()
    await this.#send({ kind: 'open', path: this.o.path, retention: this.o.retention })
  }

  #call<K extends Kind>(kind: K, req: HistoryRequest & { kind: K }): Promise<HistoryAnswers[K]> {
    if (this.#closed && kind !== 'close') return Promise.reject(new Error('the history is closed'))
    // Posted at once when the worker runs (the caller's stall is the clone, there and then).
    if (this.#opened && (this.#local || this.#worker))
      return this.#send(req) as Promise<HistoryAnswers[K]>
    return this.#ensure().then(() => this.#send(req) as Promise<HistoryAnswers[K]>)
  }

  #send(req: HistoryRequest): Promise<unknown> {
    const id = this.#next++
    const env: Envelope = { ...req, id }
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      if (this.#local) {
        const host = this.#local
        // Answered on a later turn, as the worker would.
        setImmediate(() => this.#onReply(host.handle(env)))
        return
      }
      const worker = this.#worker
      if (worker === null) {
        this.#pending.delete(id)
        reject(new Error('the history worker is not running'))
        return
      }
      if (this.#pending.size === 1) worker.ref()
      worker.postMessage(env)
    })
  }

  #onReply(r: HistoryReply): void {
    for (const line of r.reports) this.o.onReport?.(line)
    this.#notice = r.notice
    const p = this.#pending.get(r.id)
    if (!p) return
    this.#pending.delete(r.id)
    if (this.#pending.size === 0) this.#worker?.unref()
    if (r.ok) p.resolve(r.value)
    else p.reject(new Error(r.message))
  }

  #spawn(): Worker {
    const entry = this.o.worker ?? defaultWorkerEntry()
    const worker = new Worker(entry.url, { execArgv: entry.execArgv, name: 'history' })
    // Idle, it must not keep the process alive (the CLI ends after close()); busy, it must.
    worker.unref()
    worker.on('message', (r: HistoryReply) => {
      this.#crash = null
      this.#onReply(r)
    })
    worker.on('error', (e) => this.#died(worker, e.message))
    worker.on('exit', (code) => this.#died(worker, `it stopped (code ${code})`))
    return worker
  }

  /** The worker is gone: what it was asked fails, the notice says so, the next use starts anew. */
  #died(worker: Worker, why: string): void {
    if (this.#worker !== worker) return
    this.#worker = null
    this.#opened = false
    if (this.#closed) return
    this.#crash =
      `The history of figures ${this.o.path} stopped working (${why}). Polls go on and alerts ` +
      'are not affected; figures are not recorded until it works again (tried at each poll).'
    const pending = [...this.#pending.values()]
    this.#pending.clear()
    for (const p of pending) p.reject(new Error(this.#crash))
  }
}
