// nodemailer's SMTP errors in plain words, and whether another try can help: a wrong password or a
// refused address stays wrong; a server that is down or busy (4xx) may be back.
import type { SendAnswer } from '../model'
import { clipSaid, redact } from './answer'

interface SmtpError {
  code?: string
  responseCode?: number
  response?: string
  message?: string
  cause?: { code?: string }
}

function fail(retryable: boolean, said: string, responseCode: number | null): SendAnswer {
  return { ok: false, retryable, retryAfterMs: null, httpStatus: responseCode, said }
}

/** `where` is host:port; the SMTP reply code, when there is one, goes in httpStatus's place. */
export function smtpFailure(err: unknown, where: string, secret: string | null): SendAnswer {
  const e = (err ?? {}) as SmtpError
  const reply = e.response ? ` (${clipSaid(redact(e.response, secret), 160)})` : ''
  const code = e.responseCode ?? null
  const inner = e.cause?.code ?? ''
  const text = `${e.code ?? ''} ${inner} ${e.message ?? ''}`
  if (e.code === 'EAUTH')
    return fail(false, `${where} refused the user name or password${reply}.`, code)
  if (/ECONNREFUSED/.test(text))
    return fail(true, `${where} refused the connection (nothing is listening there).`, null)
  if (/ENOTFOUND|EAI_AGAIN/.test(text))
    return fail(true, `${where} could not be found (DNS).`, null)
  if (e.code === 'ETIMEDOUT' || /ETIMEDOUT|timeout/i.test(text))
    return fail(true, `${where} did not answer in time.`, null)
  if (/STARTTLS/i.test(text))
    return fail(
      false,
      `${where} does not offer STARTTLS, which this contact point requires: choose TLS or check the port.`,
      code,
    )
  if (/wrong version number|packet length too long|unknown protocol/i.test(text))
    return fail(
      false,
      `${where} does not speak TLS from the start on this port: choose STARTTLS (usually port 587) or the server's TLS port (465).`,
      code,
    )
  if (/certificate|CERT_|self.signed/i.test(text))
    return fail(
      false,
      `The TLS connection to ${where} failed: its certificate was not accepted (${clipSaid(redact(e.message ?? '', secret), 120)}).`,
      code,
    )
  if (e.code === 'ETLS' || /SSL|TLS/i.test(text))
    return fail(
      false,
      `The TLS connection to ${where} failed (${clipSaid(redact(e.message ?? '', secret), 120)}): check the TLS mode and port (465 is TLS, 587 STARTTLS).`,
      code,
    )
  if (e.code === 'EENVELOPE')
    return fail(
      code !== null && code < 500,
      `${where} refused a sender or recipient address${reply}.`,
      code,
    )
  if (code !== null) return fail(code < 500, `${where} answered ${code}${reply}.`, code)
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET')
    return fail(
      true,
      `The connection to ${where} failed: ${clipSaid(redact(e.message ?? '', secret), 160)}.`,
      null,
    )
  return fail(
    true,
    `Sending to ${where} failed: ${clipSaid(redact(e.message ?? String(err), secret), 200)}.`,
    null,
  )
}
