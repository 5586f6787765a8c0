// What removing a contact point did to the rules that named it, in one plain paragraph. The core
// takes the point out of those rules (a rule it was the only point of goes back to the default
// contact points, never to no one); the user is told which rules changed rather than left to find out.
import type { AlertRule } from '../../../../shared/alert-rules'

const names = (rules: readonly AlertRule[]): string => rules.map((r) => `“${r.name}”`).join(', ')

export function removalNote(
  pointName: string,
  id: string,
  rulesBefore: readonly AlertRule[],
): string {
  const naming = rulesBefore.filter((r) => r.contactPoints?.includes(id))
  const only = naming.filter((r) => r.contactPoints!.length === 1)
  const others = naming.filter((r) => r.contactPoints!.length > 1)
  const go = (n: number): string => (n === 1 ? 'goes' : 'go')
  const parts = [`Removed ${pointName}.`]
  if (only.length > 0)
    parts.push(
      `${names(only)} sent only there and now ${go(only.length)} to the default contact points.`,
    )
  if (others.length > 0)
    parts.push(
      `${names(others)} still ${go(others.length)} to ${others.length === 1 ? 'its' : 'their'} other contact points.`,
    )
  return parts.join(' ')
}
