// Rewrites named fields of a JSON answer, for the `body` fault: the real answer with a wrong
// symbol, an absurd `days`, a date from the future or a field of the wrong type, everything else intact.

/** Dotted path into the JSON: object keys and array indices; a negative index counts from the end. */
export type BodyPath = string

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])

/** Why a path cannot be used, or null when it can. */
export function badPath(path: string): string | null {
  const parts = path.split('.')
  if (parts.some((p) => p === '')) return `path "${path}" has an empty segment`
  if (parts.some((p) => FORBIDDEN.has(p))) return `path "${path}" names a prototype key`
  return null
}

type Container = Record<string, unknown> | unknown[]

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null
}

/** The slot a segment names in `parent`; null when an array index is out of range. */
function slot(parent: Container, segment: string): string | number | null {
  if (!Array.isArray(parent)) return segment
  if (!/^-?\d+$/.test(segment)) return null
  const i = Number(segment)
  const at = i < 0 ? parent.length + i : i
  return at >= 0 && at < parent.length ? at : null
}

/** Walks to the parent of the last segment, creating objects where nothing is. */
function parentOf(root: Container, parts: string[]): Container | null {
  let node: Container = root
  for (const segment of parts.slice(0, -1)) {
    const key = slot(node, segment)
    if (key === null) return null
    const record = node as Record<string | number, unknown>
    if (!isContainer(record[key])) record[key] = {}
    node = record[key] as Container
  }
  return node
}

function setPath(root: Container, path: BodyPath, value: unknown): void {
  const parts = path.split('.')
  const parent = parentOf(root, parts)
  const key = parent && slot(parent, parts[parts.length - 1]!)
  if (parent && key !== null) (parent as Record<string | number, unknown>)[key] = value
}

function unsetPath(root: Container, path: BodyPath): void {
  const parts = path.split('.')
  const parent = parentOf(root, parts)
  const key = parent && slot(parent, parts[parts.length - 1]!)
  if (parent === null || key === null) return
  if (Array.isArray(parent)) parent.splice(key as number, 1)
  else delete (parent as Record<string, unknown>)[key as string]
}

/** The JSON text with every `set` applied, then every `unset`; a body that is not an object or array is sent as is. */
export function patchJson(
  text: string,
  set: Record<BodyPath, unknown> = {},
  unset: BodyPath[] = [],
): string {
  const root: unknown = JSON.parse(text)
  if (!isContainer(root)) return text
  for (const [path, value] of Object.entries(set)) setPath(root, path, value)
  for (const path of unset) unsetPath(root, path)
  return JSON.stringify(root)
}
