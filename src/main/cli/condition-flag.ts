// A rule's `condition` given as JSON on the command line (`--rule '{"kind":"tvl-below",…}'`):
// checked with the same shared schema the settings use; what is wrong is said in plain words.
import { conditionSchema, type AlertCondition } from '../../shared/alert-rules'

export function parseConditionFlag(flag: string, text: string): AlertCondition {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error(
      `${flag} expects a rule condition as JSON, e.g. '{"kind":"tvl-change","window":"7d","direction":"down","thresholdPct":10}' (what was given is not JSON)`,
    )
  }
  const r = conditionSchema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  throw new Error(`${flag} is not a valid rule condition${where}: ${issue?.message ?? 'invalid'}`)
}
