// Every alert condition kind with what it means and an example, in the order of the rule schema's
// union (alert-rules.ts conditionSchema): `check --help` lists them from here, so a kind added to
// the schema must be given a summary and an example (the mapped type makes a missing one a type
// error) and appears in the help without more.
import { conditionSchema, type AlertCondition } from './alert-rules'

type Kind = AlertCondition['kind']

export interface ConditionKindHelp<K extends Kind = Kind> {
  /** What it fires on in one short line (`check --help` lists these). */
  brief: string
  /** What it fires on, in plain words, in full (`check --help-conditions`). */
  summary: string
  example: Extract<AlertCondition, { kind: K }>
}

export const CONDITION_HELP: { [K in Kind]: ConditionKindHelp<K> } = {
  'tvl-change': {
    brief: 'TVL fell (or rose) by thresholdPct % or more over 7d or 30d',
    summary:
      'TVL fell (or rose) by at least thresholdPct % over the window (7d or 30d), from the service’s history; with ignoreMigrations (a safeguard for when the service’s total and its issuers disagree): a move between issuers leaves the total where it was, so it never fires this rule by itself; with the option, a drop the service reports is not fired when the app’s own issuer figures over the window show a migration (other issuers’ rises offset at least 90 % of the falls) and no fall of the threshold. A real loss, an exit or a mixed move still fires',
    example: {
      kind: 'tvl-change',
      window: '7d',
      direction: 'down',
      thresholdPct: 10,
      ignoreMigrations: true,
    },
  },
  'tvl-below': {
    brief: 'total TVL is below amount (US dollars)',
    summary: 'total TVL is below amount (US dollars)',
    example: { kind: 'tvl-below', amount: 1_000_000 },
  },
  concentration: {
    brief: 'the largest issuer’s (or network’s) share above maxSharePct %, or HHI above maxHhi',
    summary:
      'the largest issuer’s (or network’s) share of TVL is above maxSharePct % (required), or, with maxHhi too, the Herfindahl–Hirschman index is above that (0–10 000; above 1800 is highly concentrated)',
    example: { kind: 'concentration', by: 'issuer', maxSharePct: 80, maxHhi: 5000 },
  },
  'pool-count': {
    brief: 'fewer than `below` pools on a network, or `dropBy` lost since the last poll',
    summary:
      'the asset has fewer than `below` pools on the network, or lost at least `dropBy` of them since the last poll (either or both)',
    example: { kind: 'pool-count', network: 'ethereum', below: 2, dropBy: 1 },
  },
  'net-flow': {
    brief: 'net token flow (price move taken out) fell (or rose) by thresholdPct % or more',
    summary:
      'the net flow of tokens (TVL with the underlying’s price move taken out) fell (or rose) by at least thresholdPct % over the window (7d or 30d), from the app’s own history: a falling share price alone does not fire it; until the app has recorded a window of figures it is not judged',
    example: { kind: 'net-flow', window: '7d', direction: 'down', thresholdPct: 10 },
  },
  'issuer-drop': {
    brief: 'one issuer’s own TVL fell by thresholdPct % or more over 7d or 30d',
    summary:
      'one issuer’s own TVL of the asset fell by at least thresholdPct % over the window (7d or 30d), the underlying’s price move taken out: the named issuer, or any issuer when none is named; an issuer no longer listed counts as fallen to zero. From the app’s own history: until it has recorded a window of figures it is not judged',
    example: { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 },
  },
}

/** The kinds in schema order, each with its help. */
export function conditionKinds(): (ConditionKindHelp & { kind: Kind })[] {
  return conditionSchema.options.map((o) => {
    const kind = o.shape.kind.value as Kind
    return { kind, ...(CONDITION_HELP[kind] as ConditionKindHelp) }
  })
}
