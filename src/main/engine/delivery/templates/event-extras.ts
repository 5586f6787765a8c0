// The template-only fields of a MessageEvent from what the engine knows of its alert event: the
// sentence (the change in words), the market session, and — when the caller has them for the
// event's symbol — the price/flow split and the issuers' moves. Whoever builds MessageEvents
// (the outbox's messageEvent) spreads this in; absent fields print as empty in templates.
import type { AlertEvent } from '../../../../shared/alert-rules'
import type { FlowResult } from '../../../../shared/flow'
import type { IssuerMovesResult } from '../../../../shared/issuer-moves'
import { whileMarket } from '../../../../shared/market-hours'
import type { MessageEvent } from '../model'

export type TemplateExtras = Pick<
  MessageEvent,
  'text' | 'priceFlow' | 'issuerMoves' | 'marketSession'
>

export function templateExtras(
  event: AlertEvent,
  known: { flow?: FlowResult | null; issuerMoves?: IssuerMovesResult | null } = {},
): TemplateExtras {
  const flow = known.flow ?? null
  const moves = known.issuerMoves ?? null
  return {
    text: event.message,
    priceFlow: flow !== null && flow.kind === 'split' ? flow.text : null,
    issuerMoves: moves !== null && moves.kind !== 'unknown' ? moves.text : null,
    marketSession: event.market !== undefined ? whileMarket(event.market) : null,
  }
}
