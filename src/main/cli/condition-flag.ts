// A rule's `condition` given as JSON on the command line (`check --rule`, `backtest --rule`):
// checked with the same shared schema the settings use; what is wrong is said in plain words.
import { conditionSchema, type AlertCondition } from '../../shared/alert-rules'
import { conditionKinds } from '../../shared/condition-kinds'
import { describeIssues } from '../../shared/schema-issues'

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
  const problem = describeIssues(r.error.issues, json, (p) =>
    p.length === 0 ? 'the condition' : p.map(String).join('.'),
  )
  throw new Error(
    `${which} is not a condition Liquidity Watch knows: ${problem}. Condition kinds: ${kinds} (see check --help-conditions for an example of each).`,
  )
}
