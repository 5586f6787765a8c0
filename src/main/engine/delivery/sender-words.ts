// The sender's words: the note on a message dropped for its age, and answers cleaned of secrets
// (a receiver's or library's error text may quote the URL it was given).
import type { SendAnswer } from './model'
import type { OutboxEntry } from './outbox'

function hours(ms: number): string {
  const h = Math.round((ms / 3_600_000) * 10) / 10
  return h === 1 ? '1 hour' : `${h} hours`
}

export function ageLimitNote(maxAgeMs: number, entry: OutboxEntry): string {
  const tries =
    entry.attempts === 0
      ? 'it was never sent'
      : `after ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}`
  return (
    `Dropped: not delivered within ${hours(maxAgeMs)} (${tries}); news this old is no longer ` +
    'sent. The limit is "Drop undelivered messages after" in Settings.'
  )
}

const MASK = '•••'

function clean(text: string, secret: string | null): string {
  if (secret === null || secret.length < 4) return text
  let out = text.split(secret).join(MASK)
  // A URL's secret part also shows up without its scheme or as its path alone.
  try {
    const u = new URL(secret)
    if (u.pathname.length > 1) out = out.split(u.pathname).join(MASK)
    if (u.search.length > 1) out = out.split(u.search).join(MASK)
    if (u.password) out = out.split(u.password).join(MASK)
    // A receiver may quote part of the path (Slack's team/channel/token): each longer piece too.
    const pieces = [...u.pathname.split('/'), ...u.search.slice(1).split(/[&=]/)]
    for (const p of pieces.filter((x) => x.length >= 6).sort((a, b) => b.length - a.length))
      out = out.split(p).join(MASK)
  } catch {
    // Not a URL: the whole secret is masked above.
  }
  return out
}

export function redact(answer: SendAnswer, secret: string | null): SendAnswer {
  return { ...answer, said: clean(answer.said, secret) }
}
