// Settings → Contact points: what each kind is called and asks for, a new point of a kind, and
// the id a name gives. The stored shape is shared/contact-points.ts; secrets never pass here.
import {
  SECRET_FIELD,
  type ContactPoint,
  type ContactPointKind,
} from '../../../../shared/contact-points'

export const KIND_LABELS: Record<ContactPointKind, string> = {
  desktop: 'Desktop notification',
  webhook: 'Webhook (Slack, Discord, Teams, Mattermost, JSON)',
  ntfy: 'ntfy (phone push)',
  email: 'Email (SMTP)',
  alertmanager: 'Alertmanager',
}

export const ADDABLE_KINDS = ['webhook', 'ntfy', 'email', 'alertmanager'] as const

/** The secret field's label and what its hint stands for; null for kinds without a secret. */
export function secretLabel(kind: ContactPointKind): string | null {
  switch (SECRET_FIELD[kind]) {
    case 'url':
      return 'Webhook URL'
    case 'token':
      return 'Access token (optional)'
    case 'password':
      return 'SMTP password'
    default:
      return null
  }
}

/** The masked hint of a point's secret, as main wrote it (null: none set). */
export function secretHint(p: ContactPoint): string | null {
  if (p.kind === 'webhook') return p.urlHint
  if (p.kind === 'ntfy') return p.tokenHint
  if (p.kind === 'email') return p.passwordHint
  return null
}

/** An id from a name, unique among `taken`: "Team Slack" → "team-slack", then "team-slack-2". */
export function idFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34) || 'contact-point'
  const safe = base === 'desktop' ? 'desktop-2' : base
  let id = safe
  for (let n = 2; taken.includes(id); n++) id = `${safe}-${n}`
  return id
}

const common = {
  enabled: true,
  isDefault: false,
  minSeverity: 'info' as const,
  quietHours: null,
  template: { title: null, body: null },
}

export function newPoint(
  kind: (typeof ADDABLE_KINDS)[number],
  taken: readonly string[],
): ContactPoint {
  const name = { webhook: 'Webhook', ntfy: 'ntfy', email: 'Email', alertmanager: 'Alertmanager' }[
    kind
  ]
  const id = idFor(name, taken)
  switch (kind) {
    case 'webhook':
      return { ...common, id, name, kind, format: 'json', urlHint: null }
    case 'ntfy':
      return { ...common, id, name, kind, server: 'https://ntfy.sh', topic: '', tokenHint: null }
    case 'email':
      return {
        ...common,
        id,
        name,
        kind,
        host: '',
        port: 587,
        tls: 'starttls',
        user: null,
        from: '',
        to: [],
        passwordHint: null,
      }
    case 'alertmanager':
      return { ...common, id, name, kind, url: 'http://127.0.0.1:9093' }
  }
}

/** "Every alert" / "Warnings and critical" / "Critical only": a minimum severity in words. */
export const SEVERITY_FLOOR_WORDS = {
  info: 'Every alert',
  warning: 'Warnings and critical',
  critical: 'Critical only',
} as const
