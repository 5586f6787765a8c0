// One text per config: keys in a fixed order, two-space indents, a final newline. Export → import
// → export must give the same bytes (tests/config/round-trip.test.ts), so nothing here may depend
// on the order a value's keys were set in.
import { Document, parse, visit } from 'yaml'
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
  const doc = new Document(value, { aliasDuplicateObjects: false })
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && otherTypeInYaml11(node.value))
        node.type = 'QUOTE_DOUBLE'
    },
  })
  // lineWidth 0: long names stay on one line (folding would depend on the text).
  return YAML_HEADER + doc.toString({ lineWidth: 0 })
}

/**
 * Whether a YAML 1.1 reader (PyYAML, Ansible…) would read this string, written plain, as something
 * else: 22:00 as 1320, yes/no/on/off/y/n as booleans, ~ as null, 0x1F or 017 as numbers. The
 * YAML 1.2 writer quotes only what 1.2 would misread, so these are quoted here (quoting keeps them
 * strings for every reader, and the same input gives the same quotes: export stays canonical).
 */
function otherTypeInYaml11(text: string): boolean {
  try {
    return typeof parse(text, { version: '1.1' }) !== 'string'
  } catch {
    return false // Not a plain scalar at all: the writer quotes it anyway.
  }
}
