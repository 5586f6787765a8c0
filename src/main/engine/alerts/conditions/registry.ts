// The engine's part of every condition kind, one line per kind (a kind missing here that
// src/shared/conditions/registry.ts lists is a type error).
import type { ConditionKindName, ConditionOf } from '../../../../shared/conditions/registry'
import type { AlertCondition } from '../../../../shared/alert-rules'
import { concentrationEngine } from './concentration'
import { issuerDropEngine } from './issuer-drop'
import type { EngineKind } from './kind'
import { netFlowEngine } from './net-flow'
import { poolCountEngine } from './pool-count'
import { tvlBelowEngine } from './tvl-below'
import { tvlChangeEngine } from './tvl-change'
import { volumeChangeEngine } from './volume-change'

const ENGINE_KINDS: { [K in ConditionKindName]: EngineKind<ConditionOf<K>> } = {
  'tvl-change': tvlChangeEngine,
  'tvl-below': tvlBelowEngine,
  concentration: concentrationEngine,
  'pool-count': poolCountEngine,
  'net-flow': netFlowEngine,
  'issuer-drop': issuerDropEngine,
  'volume-change': volumeChangeEngine,
}

/** What the engine does with a condition of this kind (typed for that condition). */
export function engineKind<C extends AlertCondition>(c: C): EngineKind<C> {
  return ENGINE_KINDS[c.kind as ConditionKindName] as unknown as EngineKind<C>
}

/** The engine's part of a kind by name; undefined for a kind this version does not know. */
export function findEngineKind(name: string): EngineKind | undefined {
  return (ENGINE_KINDS as Record<string, EngineKind | undefined>)[name]
}

/** The kinds never screened clear: judged on each symbol's detail as its turn comes. */
export const JUDGED_IN_TURN: ReadonlySet<string> = new Set(
  Object.entries(ENGINE_KINDS)
    .filter(([, k]) => k.judgedInTurn === true)
    .map(([name]) => name),
)
