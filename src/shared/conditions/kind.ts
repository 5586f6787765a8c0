// What a condition kind declares for every surface that reads rules: its schema, its help, what a
// per-symbol override means, how the editor and the tables show it. One module per kind
// (tvl-change.ts …) fills this in; registry.ts lists them. The engine's part (measuring,
// screening, backtesting) is in src/main/engine/alerts/conditions. The renderer imports these
// too (the editor, the tables), so the schema's zod comes along.
import type { z } from 'zod'

export const CHANGE_WINDOWS = ['7d', '30d'] as const
export type ChangeWindow = (typeof CHANGE_WINDOWS)[number]

export interface ThresholdMeaning {
  /** Column and field label, e.g. "Drop (%)". */
  label: string
  /** The rule's own value, shown where a symbol has none. */
  ruleValue: number
  max: number
  whole: boolean
  /** Says why a value is refused, e.g. "a share cannot be above 100 %". */
  tooBig: string
}

/** Number formatters of the surface that shows a condition (the renderer's, or plain ones). */
export interface ConditionFormat {
  money: (n: number) => string
  num: (n: number) => string
}

/** A threshold in the direction it guards: "−10 %" for a drop, "+10 %" for a rise. */
export function signedThreshold(
  c: { direction: 'down' | 'up' },
  t: number,
  f: ConditionFormat,
): string {
  return `${c.direction === 'down' ? '−' : '+'}${f.num(t)} %`
}

/** The unit of an alert's value (lastValue): how the tables print it. */
export const VALUE_UNITS = ['signed-pct', 'money', 'share-pct', 'pools', 'hhi'] as const
export type ValueUnit = (typeof VALUE_UNITS)[number]

/** One field of the editor's generic form, bound to the condition property `key`. */
export type FieldDescriptor =
  | {
      key: string
      label: string
      type: 'number'
      min?: number
      max?: number
      step?: number | 'any'
      /** Absent from the condition when left empty. */
      optional?: boolean
      default: number | ''
      /** Said on hover: what the figure means. */
      title?: string
    }
  | {
      key: string
      label: string
      type: 'select'
      options: readonly { value: string; label: string }[]
      default: string
    }
  | { key: string; label: string; type: 'text'; optional?: boolean; default: string }
  | { key: string; label: string; type: 'checkbox'; default: boolean }

export type FormValue = number | string | boolean | ''

/**
 * The editor's flat form of a condition: named fields the kinds with fields components bind to
 * (kept across a change of kind, so a window or threshold carries over), and `values`, the generic
 * form's fields by kind and condition property (form.ts valueKey).
 */
export interface ConditionForm {
  window: '7d' | '30d'
  direction: 'down' | 'up'
  thresholdPct: number
  /** tvl-change drops: ignore a drop the issuers' moves explain as a migration. */
  ignoreMigrations: boolean
  /** issuer-drop: '' for any issuer. */
  issuer: string
  network: string
  /** '' for none; a pool-count rule needs one of poolsBelow and poolsDropBy. */
  poolsBelow: number | ''
  poolsDropBy: number | ''
  values: Record<string, FormValue>
}

/** An optional number field: '' (or cleared) is none. */
export function optionalNumber(v: FormValue | null | undefined): number | undefined {
  return v === '' || v === null || v === undefined || Number.isNaN(Number(v))
    ? undefined
    : Number(v)
}

/** A condition kind's schema: a strict zod object whose `kind` is a literal. */
export type KindSchema = z.ZodObject<{ kind: z.ZodLiteral<string> } & z.core.$ZodLooseShape>

export interface ConditionKind<S extends KindSchema = KindSchema, C = z.output<S>> {
  kind: z.output<S>['kind']
  schema: S
  /** The editor's name for it ("TVL change"). */
  label: string
  /** What it fires on in one short line (`check --help` lists these). */
  brief: string
  /** What it fires on, in plain words, in full (`check --help-conditions`). */
  summary: string
  example: C
  /** What a per-symbol override threshold replaces, and its limits. */
  override: { meaning: (c: C) => ThresholdMeaning; apply: (c: C, threshold: number) => C }
  /** The re-arm margin's unit in the editor; null where the kind has none. */
  rearmUnit: string | null
  /** One short line for the rule list: "7d TVL drop ≥ 10 %". */
  describe: (c: C, f: ConditionFormat) => string
  valueUnit: ValueUnit
  /** Which way the rule guards (the webhook's `direction`): a drop or floor 'down', a ceiling 'up'. */
  direction: (c: C) => 'down' | 'up'
  /** The threshold `t` as the value is compared with it: "−10 %", "below $1M". */
  thresholdText: (c: C, t: number, f: ConditionFormat) => string
  /**
   * The editor: descriptors of the generic form's fields (conditions/form.ts reads and writes
   * them), or, for a kind with its own fields component (renderer views/alerts/conditions), how
   * the condition maps to the named fields of the form.
   */
  editor:
    | { fields: readonly FieldDescriptor[] }
    | { toForm: (c: C) => Partial<ConditionForm>; fromForm: (f: ConditionForm) => C }
}

/** Checks a kind module against the contract while keeping its own types. */
export function defineKind<S extends KindSchema>(k: ConditionKind<S>): ConditionKind<S> {
  return k
}
