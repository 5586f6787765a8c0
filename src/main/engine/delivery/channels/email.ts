// Email over SMTP with nodemailer: one message per attempt, plain text (and a simple HTML copy),
// the password (the secret) from the keychain. TLS: 'tls' from the start (465), 'starttls' required
// (587), 'none' only to this computer (a local relay), as http:// is.
import { isLoopbackHostname } from '../../../../shared/service-url'
import type { Channel, SendAnswer } from '../model'
import { renderMessage } from '../templates/render'
import { clipSaid, redact, refused, withTemplateError } from './answer'
import { smtpFailure } from './email-words'
import { abortReason, SEND_TIMEOUT_MS } from './http-post'

function html(title: string, body: string): string {
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return `<h3>${esc(title)}</h3>\n<p>${esc(body).replace(/\n/g, '<br>\n')}</p>\n`
}

export const emailChannel: Channel = {
  kind: 'email',
  async send(message, point, ctx): Promise<SendAnswer> {
    if (point.kind !== 'email') return refused(`Contact point ${point.id} is not an email.`)
    const where = `${point.host}:${point.port}`
    // URL brackets IPv6 the way isLoopbackHostname expects.
    const bracketed = point.host.includes(':') ? `[${point.host}]` : point.host
    if (point.tls === 'none' && !isLoopbackHostname(bracketed))
      return refused(
        `Email without TLS is only for a mail relay on this computer; ${point.host} is not — choose TLS or STARTTLS.`,
      )
    const secret = ctx.secret !== null && ctx.secret !== '' ? ctx.secret : null
    if (point.user !== null && secret === null)
      return refused(
        `The email "${point.name}" has a user name but no password: set it in Settings → Contact points.`,
      )
    const text = renderMessage(point, message)
    // Loaded on first send: nodemailer is about 2.6 MB of heap that a watchlist without an email
    // contact point never needs (the heap bench at 10 symbols).
    const { createTransport } = await import('nodemailer')
    const transport = createTransport({
      host: point.host,
      port: point.port,
      secure: point.tls === 'tls',
      requireTLS: point.tls === 'starttls',
      ignoreTLS: point.tls === 'none',
      auth: point.user !== null && secret !== null ? { user: point.user, pass: secret } : undefined,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    })
    const abort = () => transport.close()
    ctx.signal.addEventListener('abort', abort, { once: true })
    try {
      const info = await transport.sendMail({
        from: point.from,
        to: point.to,
        subject: text.title,
        text: text.body,
        html: html(text.title, text.body),
        // The same Message-ID on every attempt: mail clients and lists drop a retried duplicate.
        messageId: `<${message.id}@liquidity-watch>`,
        headers: { 'X-Liquidity-Watch-Id': message.id },
        date: ctx.now(),
      })
      const accepted = info.accepted.length
      const rejected = info.rejected.length
      const said = clipSaid(
        redact(
          `${where} accepted it for ${accepted} recipient${accepted === 1 ? '' : 's'}${rejected > 0 ? ` (refused ${rejected})` : ''}: ${info.response}`,
          secret,
        ),
      )
      return withTemplateError({ ok: true, httpStatus: null, said }, text.error)
    } catch (err) {
      if (ctx.signal.aborted) throw abortReason(ctx.signal, err)
      return withTemplateError(smtpFailure(err, where, secret), text.error)
    } finally {
      ctx.signal.removeEventListener('abort', abort)
      transport.close()
    }
  },
}
