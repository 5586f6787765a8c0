// A config file's text (JSON or YAML) to a checked config document, or every problem in it by line
// and field, in plain words: "line 12, rules[0].condition.thresholdPct: should be above zero but is
// -5". All or nothing: a file with any problem gives no config at all.
import { LineCounter, parseDocument, type YAMLError } from 'yaml'
import type { z } from 'zod'
import { SECRET_FIELD, type ContactPointKind } from '../../shared/contact-points'
import { allConditionKinds } from '../../shared/conditions/registry'
import { describeIssues } from '../../shared/schema-issues'
import {
  CONFIG_VERSION,
  configSchema,
  MAX_ALIAS_COUNT,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  type ConfigDocument,
} from './config-schema'
import { bracketDepth, depthOf, lineOf, pathName } from './locate'

export type ConfigRead = { ok: true; config: ConfigDocument } | { ok: false; problems: string[] }

const refused = (...problems: string[]): ConfigRead => ({ ok: false, problems })

/** Megabytes to one decimal, for size messages. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function tooBig(bytes: number): string {
  return `the file is ${megabytes(bytes)}; a config file can be at most ${megabytes(MAX_CONFIG_BYTES)}, so it was not read`
}

const YAML_WORDS: Record<string, string> = {
  DUPLICATE_KEY: 'the same key is given twice in one object (each key may appear once)',
  MULTIPLE_DOCS: 'the file holds more than one document (---); a config file is one',
  BAD_ALIAS: 'an alias (*name) refers to no anchor (&name)',
}

function yamlProblem(e: YAMLError): string {
  const line = e.linePos?.[0]?.line
  const words =
    YAML_WORDS[e.code] ??
    (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
  return line === undefined ? words : `line ${line}: ${words}`
}

/**
 * A file that opens as JSON and is not valid JSON, in JSON's words with its line and column (the
 * YAML parser, which reads JSON too, would speak of "flow maps"); null when it is valid JSON.
 */
function jsonProblem(text: string): string | null {
  if (!/^\s*[{[]/.test(text)) return null
  try {
    JSON.parse(text)
    return null
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const at = /\(line (\d+) column (\d+)\)/.exec(message)
    const what = message.replace(/ in JSON at position \d+.*$/s, '')
    const words = `not valid JSON: ${what.charAt(0).toLowerCase()}${what.slice(1)}`
    return at ? `line ${at[1]}, column ${at[2]}: ${words}` : words
  }
}

/** A secret in the file (a webhook's url): said plainly, not as an unknown field. */
function secretProblems(raw: unknown): { path: PropertyKey[]; text: string }[] {
  const points = (raw as { contactPoints?: unknown } | null)?.contactPoints
  if (!Array.isArray(points)) return []
  return points.flatMap((p, i) => {
    const kind = (p as { kind?: unknown } | null)?.kind
    const field = Object.hasOwn(SECRET_FIELD, String(kind))
      ? SECRET_FIELD[kind as ContactPointKind]
      : null
    if (field === null || typeof p !== 'object' || p === null || !Object.hasOwn(p, field)) return []
    return [
      {
        path: ['contactPoints', i, field],
        text: `is a secret and is never read from a config file: name an environment variable with ${field}Env (on a server) or enter it in the app's Settings → Contact points`,
      },
    ]
  })
}

export function parseConfigText(text: string): ConfigRead {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > MAX_CONFIG_BYTES) return refused(tooBig(bytes))
  if (text.trim() === '') return refused('the file is empty')
  const nesting = bracketDepth(text, MAX_CONFIG_DEPTH)
  if (nesting.depth > MAX_CONFIG_DEPTH)
    return refused(
      `line ${nesting.line}: the file nests more than ${MAX_CONFIG_DEPTH} levels deep; a config is never that deep`,
    )

  const counter = new LineCounter()
  const doc = parseDocument(text, {
    lineCounter: counter,
    uniqueKeys: true,
    prettyErrors: true,
  })
  if (doc.errors.length > 0) {
    const json = jsonProblem(text)
    return json !== null ? refused(json) : refused(...doc.errors.map(yamlProblem))
  }
  let raw: unknown
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch {
    return refused(
      `the file repeats its anchors (aliases such as *name) more than ${MAX_ALIAS_COUNT} times; write the values out instead`,
    )
  }
  if (depthOf(raw, MAX_CONFIG_DEPTH) > MAX_CONFIG_DEPTH)
    return refused(
      `the file nests more than ${MAX_CONFIG_DEPTH} levels deep; a config is never that deep`,
    )
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refused(
      'line 1: the file should hold one object with "version", "watchlist", "rules"… but it does not',
    )

  const where = (path: readonly PropertyKey[]): string => {
    const line = lineOf(doc, counter, path)
    return line === null ? '' : `line ${line}`
  }
  const version = (raw as { version?: unknown }).version
  if (version !== CONFIG_VERSION) {
    const got = version === undefined ? 'has none' : `is ${JSON.stringify(version)}`
    return refused(
      `${where(['version'])}${where(['version']) ? ', ' : ''}version: should be ${CONFIG_VERSION} but ${got}; this Liquidity Watch reads version ${CONFIG_VERSION} config files${typeof version === 'number' && version > CONFIG_VERSION ? ' (a newer version of the app wrote this one)' : ''}`,
    )
  }

  const found: { line: number; text: string }[] = []
  const add = (path: readonly PropertyKey[], text: string): void => {
    const line = lineOf(doc, counter, path) ?? 0
    const name = pathName(path)
    found.push({
      line,
      text: name === '' ? `line ${line}: the file ${text}` : `line ${line}, ${name}: ${text}`,
    })
  }
  const secrets = secretProblems(raw)
  for (const s of secrets) add(s.path, s.text)
  const r = configSchema.safeParse(raw)
  if (!r.success) {
    for (const issue of r.error.issues) {
      if (issue.code !== 'unrecognized_keys')
        add(issue.path, kindText(issue) ?? issueText(issue, raw))
      // One line per unknown field, on its own line; a secret was told above in its own words.
      else
        for (const key of issue.keys) {
          const path = [...issue.path, key]
          if (!secrets.some((s) => samePath(s.path, path)))
            add(path, 'is not a field Liquidity Watch knows (check its spelling)')
        }
    }
  }
  if (found.length > 0) return refused(...found.sort((a, b) => a.line - b.line).map((f) => f.text))
  if (r.success) return { ok: true, config: r.data }
  return refused('the file could not be read as a config')
}

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/** An unknown condition kind, with the kinds there are. */
function kindText(issue: z.core.$ZodIssue): string | null {
  const n = issue.path.length
  if (issue.path[n - 1] !== 'kind' || issue.path[n - 2] !== 'condition') return null
  const kinds = allConditionKinds().map((k) => k.kind)
  return `is not a condition kind Liquidity Watch knows; the kinds are ${kinds.join(', ')}`
}

/** The describer's sentence without the field name it starts with (the caller puts path first). */
function issueText(issue: z.core.$ZodIssue, raw: unknown): string {
  const marker = '\u0000'
  const text = describeIssues([issue], raw, () => marker)
  return text.startsWith(`${marker}: `) ? text.slice(3) : text.slice(2)
}
