// Schema problems in words a person can read: "totalTvl should be a number but is text ("12")"
// instead of zod's "Invalid input: expected number, received string".
import type { z } from 'zod'

const NOUNS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
}

/** The offending value, read from the answer by the issue's path (own fields only). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

function shown(v: unknown): string {
  if (v === undefined) return 'is missing'
  if (v === null) return 'is empty (null)'
  if (typeof v === 'number') return Number.isFinite(v) ? `is ${v}` : 'is not a usable number'
  if (typeof v === 'string')
    return `is text (${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)})`
  if (typeof v === 'boolean') return `is ${v}`
  if (Array.isArray(v)) return 'is a list'
  return 'is an object'
}

function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const where = issue.path.map(String).join('.') || 'the answer'
  const got = shown(valueAt(root, issue.path))
  switch (issue.code) {
    case 'invalid_type':
      return `${where} should be ${NOUNS[issue.expected] ?? issue.expected} but ${got}`
    case 'invalid_value':
      return `${where} should be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')} but ${got}`
    case 'too_small':
      if (issue.origin === 'number' && Number(issue.minimum) === 0) return `${where} is below zero`
      if (issue.origin === 'string') return `${where} is empty`
      return `${where} ${got}, below the minimum of ${String(issue.minimum)}`
    case 'too_big':
      return `${where} ${got}, above the maximum of ${String(issue.maximum)}`
    default:
      // Our own refinements are worded to follow the field name ("is not a calendar date").
      return `${where} ${issue.message}`
  }
}

/** The first three problems, joined; the count of the rest. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root: unknown): string {
  const first = issues.slice(0, 3).map((i) => describeIssue(i, root))
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
  return first.join('; ') + more
}
