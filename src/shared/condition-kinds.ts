// Every alert condition kind with what it means and an example, in registry order
// (shared/conditions/registry.ts): `check --help` lists them from here, so a kind added to the
// registry appears in the help without more.
import type { AlertCondition } from './alert-rules'
import { allConditionKinds } from './conditions/registry'

type Kind = AlertCondition['kind']

export interface ConditionKindHelp<K extends Kind = Kind> {
  /** What it fires on in one short line (`check --help` lists these). */
  brief: string
  /** What it fires on, in plain words, in full (`check --help-conditions`). */
  summary: string
  example: Extract<AlertCondition, { kind: K }>
}

/** Each kind's help by name (tests pick a kind's example from here). */
export const CONDITION_HELP = Object.fromEntries(
  conditionKinds().map(({ kind, ...help }) => [kind, help]),
) as { [K in Kind]: ConditionKindHelp<K> }

/** The kinds in registry order, each with its help. */
export function conditionKinds(): (ConditionKindHelp & { kind: Kind })[] {
  return allConditionKinds().map((k) => ({
    kind: k.kind as Kind,
    brief: k.brief,
    summary: k.summary,
    example: k.example as AlertCondition,
  }))
}
