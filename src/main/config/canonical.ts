// One text per config: keys in a fixed order, two-space indents, a final newline. Export → import
// → export must give the same bytes (tests/config/round-trip.test.ts), so nothing here may depend
// on the order a value's keys were set in.
import { stringify } from 'yaml'
import type { ConfigDocument } from './config-schema'

export const CONFIG_FORMATS = ['json', 'yaml'] as const
export type ConfigFormat = (typeof CONFIG_FORMATS)[number]

/** The format a file name asks for: YAML for .yaml/.yml, JSON otherwise (CLI and app alike). */
export function configFormatOf(path: string): ConfigFormat {
  return /\.ya?ml$/i.test(path) ? 'yaml' : 'json'
}

/** Read first, in this order; every other key follows alphabetically. */
const FIRST = [
  'version',
  'watchlist',
  'polling',
  'notifications',
  'contactPoints',
  'rules',
  'id',
  'name',
  'kind',
  'enabled',
  'start',
  'end',
]

function keyOrder(a: string, b: string): number {
  const ia = FIRST.indexOf(a)
  const ib = FIRST.indexOf(b)
  if (ia >= 0 || ib >= 0) return (ia < 0 ? FIRST.length : ia) - (ib < 0 ? FIRST.length : ib)
  return a < b ? -1 : a > b ? 1 : 0
}

/** A plain copy with keys ordered, absent fields dropped and −0 written as 0. */
export function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue)
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort(keyOrder)) {
    const v = (value as Record<string, unknown>)[key]
    if (v !== undefined) out[key] = canonicalValue(v)
  }
  return out
}

const YAML_HEADER = '# Liquidity Watch configuration: liquidity-watch config import FILE\n'

export function formatConfig(config: ConfigDocument, format: ConfigFormat): string {
  const value = canonicalValue(config)
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`
  // lineWidth 0: long names stay on one line (folding would depend on the text).
  return YAML_HEADER + stringify(value, { lineWidth: 0, aliasDuplicateObjects: false })
}
