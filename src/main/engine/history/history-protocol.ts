// What main and the history worker say to each other (history-client.ts ↔ history-host.ts). Every
// message is structured-cloned: plain data only. Requests are answered in the order they arrive,
// so a poll's flow reads are answered before its write lands.
import type { AssetSharesView } from '../../../shared/asset-shares'
import type { AssetMigrationView, IssuersAt } from '../../../shared/issuer-moves'
import type { IssuerWindow } from './issuer-window'
import type { AssetFlowView, FlowResult } from '../../../shared/flow'
import type { HistoryEntry } from './history-entry'
import type { RetentionPolicy } from './history-retention'
import type { HistoryInfo } from './history-store'

export interface FlowAt {
  at: number
  tvl: number
  price: number
}

export type HistoryRequest =
  | { kind: 'open'; path: string; retention?: RetentionPolicy }
  | { kind: 'record'; source: string; at: number; entries: HistoryEntry[] }
  | { kind: 'flow'; source: string; symbol: string; now: FlowAt; days: number }
  | { kind: 'asset-flow'; source: string; symbol: string; nowMs: number; days: number }
  | { kind: 'asset-shares'; source: string; symbol: string; nowMs: number }
  | {
      kind: 'issuer-window'
      source: string
      symbol: string
      now: IssuersAt
      days: number | null
    }
  | { kind: 'asset-migration'; source: string; symbol: string; nowMs: number }
  | { kind: 'info' }
  | { kind: 'clear' }
  | { kind: 'close' }

/** What each request kind answers with. */
export interface HistoryAnswers {
  open: null
  record: boolean
  flow: FlowResult
  'asset-flow': AssetFlowView
  'asset-shares': AssetSharesView
  'issuer-window': IssuerWindow
  'asset-migration': AssetMigrationView
  info: HistoryInfo
  clear: null
  close: null
}

export type HistoryReply =
  | {
      id: number
      ok: true
      value: HistoryAnswers[HistoryRequest['kind']]
      /** The store's status line after this request (HistoryStore.notice). */
      notice: string | null
      /** Files set aside while serving it: notices for the session. */
      reports: string[]
    }
  | { id: number; ok: false; message: string; notice: string | null; reports: string[] }

export type Envelope = HistoryRequest & { id: number }
