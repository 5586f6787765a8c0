// A rule's `condition` given as JSON on the command line (`check --rule`, `backtest --rule`):
// checked with the same shared schema the settings use; what is wrong is said in plain words.
import { conditionSchema, type AlertCondition } from '../../shared/alert-rules'
import { conditionKinds } from '../../shared/condition-kinds'
import { describeIssues } from '../../shared/schema-issues'
import type { z } from 'zod'

/** A number above its bound, said as "amount is 1e+308; it can be at most 1,000,000,000,000,000". */
function atMost(json: unknown): (issue: z.core.$ZodIssue) => z.core.$ZodIssue {
  return (issue) => {
    if (issue.code !== 'too_big' || issue.origin !== 'number') return issue
    // A condition is flat: the value is the top-level field the issue names.
    const value = (json as Record<PropertyKey, unknown>)[issue.path[0] ?? '']
    const bound = Number(issue.maximum).toLocaleString('en-US')
    const message = `is ${String(value)}; it can be at most ${bound}`
    return { ...issue, code: 'custom', message, params: {} }
  }
}

/** `which` names the value in the message ("--rule", "--rule 2"). */
export function parseConditionFlag(which: string, text: string): AlertCondition {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(
      `${which} is not valid JSON (got ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}). ` +
        `Quote it for the shell, e.g. --rule '{"kind":"tvl-below","amount":1000000}'.`,
    )
  }
  const r = conditionSchema.safeParse(json)
  if (r.success) return r.data
  const kinds = conditionKinds()
    .map((k) => k.kind)
    .join(', ')
  const problem = describeIssues(r.error.issues.map(atMost(json)), json, (p) =>
    p.length === 0 ? 'the condition' : p.map(String).join('.'),
  )
  // A kind it knows, with a value wrong: say the value, not that the condition is unknown.
  const kind = (json as { kind?: unknown } | null)?.kind
  if (conditionKinds().some((k) => k.kind === kind)) throw new Error(`${which}: ${problem}.`)
  throw new Error(
    `${which} is not a condition Liquidity Watch knows: ${problem}. Condition kinds: ${kinds} (see check --help-conditions for an example of each).`,
  )
}
