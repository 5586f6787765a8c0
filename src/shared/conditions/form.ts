// The editor's form of a condition, either way: a kind with its own fields component maps its
// named fields (its module's editor.toForm/fromForm); any other kind gets the generic form, its
// field descriptors read and written here by condition property.
import type { AlertCondition } from '../alert-rules'
import { optionalNumber, type ConditionForm, type FieldDescriptor, type FormValue } from './kind'
import { allConditionKinds, kindNamed } from './registry'

/** Where the generic form keeps a kind's field: "volume-change.thresholdPct" (each its own default). */
export function valueKey(kind: string, key: string): string {
  return `${kind}.${key}`
}

/** The generic form's starting values: every generic kind's fields at their defaults. */
export function defaultValues(): Record<string, FormValue> {
  const out: Record<string, FormValue> = {}
  for (const k of allConditionKinds())
    if ('fields' in k.editor)
      for (const d of k.editor.fields) out[valueKey(k.kind as string, d.key)] = d.default
  return out
}

/** The condition's own fields on the form. */
export function conditionToForm(c: AlertCondition, form: ConditionForm): Partial<ConditionForm> {
  const e = kindNamed(c.kind).editor
  if ('toForm' in e) return e.toForm(c)
  const values = { ...form.values }
  for (const d of e.fields) {
    const v = (c as Record<string, unknown>)[d.key]
    values[valueKey(c.kind, d.key)] =
      v === undefined ? (d.type === 'number' ? '' : d.default) : (v as FormValue)
  }
  return { values }
}

function readField(d: FieldDescriptor, v: FormValue | undefined): FormValue | undefined {
  switch (d.type) {
    case 'number':
      return d.optional ? optionalNumber(v) : Number(v ?? d.default)
    case 'checkbox':
      return v === true
    default: {
      const text = String(v ?? d.default).trim()
      return d.type === 'text' && d.optional && text === '' ? undefined : text
    }
  }
}

/** The condition the form stands for (the rule schema checks it on save). */
export function formToCondition(kind: string, form: ConditionForm): AlertCondition {
  const e = kindNamed(kind).editor
  if ('fromForm' in e) return e.fromForm(form) as AlertCondition
  const c: Record<string, unknown> = { kind }
  for (const d of e.fields) {
    const v = readField(d, form.values[valueKey(kind, d.key)])
    if (v !== undefined) c[d.key] = v
  }
  return c as AlertCondition
}
