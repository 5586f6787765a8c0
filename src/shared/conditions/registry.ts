// Every condition kind, in the order the editor and `check --help` list them. A new kind is one
// module beside this file and one line in KINDS (and one in the engine's registry,
// src/main/engine/alerts/conditions/registry.ts).
import { z } from 'zod'
import type { ConditionKind } from './kind'
import { concentration } from './concentration'
import { issuerDrop } from './issuer-drop'
import { netFlow } from './net-flow'
import { poolCount } from './pool-count'
import { tvlBelow } from './tvl-below'
import { tvlChange } from './tvl-change'
import { volumeChange } from './volume-change'

const KINDS = [
  tvlChange,
  tvlBelow,
  concentration,
  poolCount,
  netFlow,
  issuerDrop,
  volumeChange,
] as const

// Over a type parameter, so the mapped type stays a tuple (the union needs one).
type SchemasOf<T extends readonly unknown[]> = {
  -readonly [I in keyof T]: T[I] extends { schema: infer S } ? S : never
}
type Schemas = SchemasOf<typeof KINDS>
export const conditionSchema = z.discriminatedUnion(
  'kind',
  KINDS.map((k) => k.schema) as unknown as Schemas,
)
export type AlertCondition = z.infer<typeof conditionSchema>
export type ConditionKindName = AlertCondition['kind']
export type ConditionOf<K extends ConditionKindName> = Extract<AlertCondition, { kind: K }>

const BY_KIND = new Map<string, ConditionKind>(
  KINDS.map((k) => [k.kind, k as unknown as ConditionKind]),
)

/** The kinds in list order. */
export function allConditionKinds(): readonly ConditionKind[] {
  return KINDS as unknown as readonly ConditionKind[]
}

/** What a condition's kind declares, typed for that condition. */
export function kindOf<C extends AlertCondition>(c: C): ConditionKind<ConditionKind['schema'], C> {
  return kindNamed(c.kind) as unknown as ConditionKind<ConditionKind['schema'], C>
}

/** What the kind of this name declares (the editor's choice, a stored rule's kind). */
export function kindNamed(name: string): ConditionKind {
  const k = BY_KIND.get(name)
  if (k === undefined) throw new Error(`unknown condition kind "${name}"`)
  return k
}
