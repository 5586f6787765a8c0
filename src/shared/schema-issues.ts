// Schema problems in words a person can read: "totalTvl should be a number but is text ("12")"
// instead of zod's "Invalid input: expected number, received string". The one describer for
// service answers, settings and state files; each names its own paths (labels, dotted paths).
import type { z } from 'zod'

const NOUNS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
}

const FORMATS: Record<string, string> = {
  datetime: 'a date and time such as 2025-06-02T12:00:00Z',
  date: 'a date as YYYY-MM-DD',
  url: 'a web address',
}

/** How a describer names where an issue is; default: the dotted path, or "the answer". */
export type PathName = (path: readonly PropertyKey[]) => string

const dottedPath: PathName = (path) => path.map(String).join('.') || 'the answer'

/**
 * Params our own custom issues may carry. `expected`: the issue reads like a type problem
 * ("date should be a real date as YYYY-MM-DD but is text ("2025-02-30")"). `sentence`: the message
 * is a whole sentence of its own (the Service URL rule), shown after a colon.
 */
export interface IssueParams {
  expected?: string
  sentence?: boolean
}

/** The offending value, read from the input by the issue's path (own fields only). */
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

function sizeProblem(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  got: string,
): string {
  const small = issue.code === 'too_small'
  const bound = Number(small ? issue.minimum : issue.maximum)
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (small && bound === 1) return 'is empty'
    return `has ${small ? 'fewer' : 'more'} than ${bound} entries`
  }
  if (issue.origin === 'string') {
    if (small && bound === 1) return 'is empty'
    return `${got}, ${small ? 'shorter' : 'longer'} than ${bound} characters`
  }
  // positive(): zero itself is refused, and is not "below zero".
  if (small && issue.origin === 'number' && bound === 0)
    return issue.inclusive === false ? `should be above zero but ${got}` : 'is below zero'
  return `${got}, ${small ? 'below the minimum' : 'above the maximum'} of ${bound}`
}

function describeIssue(issue: z.core.$ZodIssue, root: unknown, nameOf: PathName): string {
  const where = nameOf(issue.path)
  const got = shown(valueAt(root, issue.path))
  switch (issue.code) {
    case 'invalid_type':
      return `${where} should be ${NOUNS[issue.expected] ?? issue.expected} but ${got}`
    case 'invalid_value':
      return `${where} should be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')} but ${got}`
    case 'too_small':
    case 'too_big':
      return `${where} ${sizeProblem(issue, got)}`
    case 'invalid_format':
      // Our regexes carry a message worded to follow the field name ("should be a time as HH:MM").
      if (issue.format === 'regex') return `${where} ${issue.message}`
      return `${where} should be ${FORMATS[issue.format] ?? `in the ${issue.format} format`} but ${got}`
    case 'unrecognized_keys':
      return `${where} has fields Liquidity Watch does not know (${issue.keys
        .slice(0, 3)
        .map((k) => JSON.stringify(k.length > 20 ? `${k.slice(0, 20)}…` : k))
        .join(', ')})`
    case 'invalid_union':
      return `${where} ${got}, not in any form Liquidity Watch knows`
    case 'custom': {
      const params = (issue.params ?? {}) as IssueParams
      if (params.expected !== undefined) return `${where} should be ${params.expected} but ${got}`
      if (params.sentence === true) return `${where}: ${issue.message}`
      return `${where} ${issue.message}`
    }
    default:
      return `${where} ${issue.message}`
  }
}

/** The first three problems, joined; the count of the rest. `root` is the input that was checked. */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  root: unknown,
  nameOf: PathName = dottedPath,
): string {
  const first = issues.slice(0, 3).map((i) => describeIssue(i, root, nameOf))
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
  return first.join('; ') + more
}
