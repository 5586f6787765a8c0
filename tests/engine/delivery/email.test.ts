// The email channel through a real SMTP server (smtp-server, nodemailer's sibling) on loopback.
import { createServer, type AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import { ctx, message, point } from './fixtures'

interface Mail {
  from: string
  to: string[]
  raw: string
}

const PASSWORD = 'pw-Zq81-never-shown'
let server: SMTPServer | null = null

async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const mails: Mail[] = []
  server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'desk' && auth.password === PASSWORD) cb(null, { user: 'desk' })
      else cb(new Error('Invalid username or password'))
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        cb()
      })
    },
    ...options,
  })
  const s = server
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  return { port: (s.server.address() as AddressInfo).port, mails }
}

afterEach(async () => {
  const s = server
  server = null
  if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
})

const mailPoint = (port: number, over: Record<string, unknown> = {}) =>
  point({
    kind: 'email',
    host: '127.0.0.1',
    port,
    tls: 'none',
    user: 'desk',
    from: 'alerts@desk.example',
    to: ['ops@desk.example', 'pm@desk.example'],
    ...over,
  })

const ascii = message({
  title: 'TSLA 7-day TVL drop',
  body: 'TSLA 7-day TVL -12.3 % (threshold -10.0 %).',
})

describe('email channel', () => {
  it('delivers one plain-text mail (with an HTML copy) to every recipient, Message-ID from the message id', async () => {
    const { port, mails } = await startSmtp()
    const answer = await channelFor('email')!.send(ascii, mailPoint(port), ctx(PASSWORD))
    expect(answer).toMatchObject({ ok: true })
    expect(answer.said).toMatch(/^127\.0\.0\.1:\d+ accepted it for 2 recipients: 250/)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.from).toBe('alerts@desk.example')
    expect(mail.to).toEqual(['ops@desk.example', 'pm@desk.example'])
    expect(mail.raw).toMatch(/^Subject: TSLA 7-day TVL drop\r?$/m)
    expect(mail.raw).toMatch(/^Message-ID: <msg-1f3a@liquidity-watch>\r?$/im)
    expect(mail.raw).toMatch(/^X-Liquidity-Watch-Id: msg-1f3a\r?$/im)
    expect(mail.raw).toContain('Content-Type: text/plain')
    expect(mail.raw).toContain('TSLA 7-day TVL -12.3 % (threshold -10.0 %).')
    expect(mail.raw).toContain('Content-Type: text/html')
    expect(JSON.stringify(answer)).not.toContain(PASSWORD)
  })

  it('a wrong password is said in plain words, not retried, and never shown', async () => {
    const { port, mails } = await startSmtp()
    const answer = await channelFor('email')!.send(ascii, mailPoint(port), ctx('wrong-Pw-42'))
    expect(answer).toMatchObject({ ok: false, retryable: false, httpStatus: 535 })
    expect(answer.said).toMatch(/^127\.0\.0\.1:\d+ refused the user name or password \(535/)
    expect(JSON.stringify(answer)).not.toContain('wrong-Pw-42')
    expect(mails).toHaveLength(0)
  })

  it('nothing listening: connection refused, worth another try', async () => {
    const { port } = await startSmtp()
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = null
    const answer = await channelFor('email')!.send(ascii, mailPoint(port), ctx(PASSWORD))
    expect(answer).toMatchObject({ ok: false, retryable: true })
    expect(answer.said).toBe(
      `127.0.0.1:${port} refused the connection (nothing is listening there).`,
    )
  })

  it('STARTTLS required but not offered: a TLS problem in plain words, nothing sent', async () => {
    const { port, mails } = await startSmtp()
    const answer = await channelFor('email')!.send(
      ascii,
      mailPoint(port, { tls: 'starttls' }),
      ctx(PASSWORD),
    )
    expect(answer).toMatchObject({ ok: false, retryable: false })
    expect(answer.said).toMatch(/does not offer STARTTLS/)
    expect(mails).toHaveLength(0)
  })

  it('without TLS only to this computer', async () => {
    const answer = await channelFor('email')!.send(
      ascii,
      mailPoint(25, { host: 'smtp.example.com' }),
      ctx(PASSWORD),
    )
    expect(answer).toMatchObject({ ok: false, retryable: false })
    expect(answer.said).toMatch(/only for a mail relay on this computer; smtp\.example\.com is not/)
  })

  it('the template shapes subject and text; a broken one sends the default with the error', async () => {
    const { port, mails } = await startSmtp()
    const ok = await channelFor('email')!.send(
      ascii,
      mailPoint(port, { template: { title: 'ALERT {{ symbol }} {{ severity }}', body: null } }),
      ctx(PASSWORD),
    )
    expect(ok.templateError).toBeNull()
    expect(mails[0]!.raw).toMatch(/^Subject: ALERT TSLA critical\r?$/m)
    const broken = await channelFor('email')!.send(
      ascii,
      mailPoint(port, { template: { title: '{{ symbol | nope }}', body: null } }),
      ctx(PASSWORD),
    )
    expect(broken.ok).toBe(true)
    expect(broken.templateError).toMatch(/filter that does not exist: nope/)
    expect(mails[1]!.raw).toMatch(/^Subject: TSLA 7-day TVL drop\r?$/m)
  })

  it('TLS against a server without TLS, or with a certificate not trusted: a TLS problem in plain words', async () => {
    const plain = await startSmtp()
    const wrong = await channelFor('email')!.send(
      ascii,
      mailPoint(plain.port, { tls: 'tls' }),
      ctx(PASSWORD),
    )
    expect(wrong).toMatchObject({ ok: false, retryable: false })
    expect(wrong.said).toMatch(
      /^127\.0\.0\.1:\d+ does not speak TLS from the start on this port: choose STARTTLS/,
    )
    await new Promise<void>((resolve) => server!.close(() => resolve()))

    // smtp-server's built-in certificate is not one this computer trusts: nodemailer must refuse it.
    const selfSigned = await startSmtp({ disabledCommands: [] })
    const untrusted = await channelFor('email')!.send(
      ascii,
      mailPoint(selfSigned.port, { tls: 'starttls' }),
      ctx(PASSWORD),
    )
    expect(untrusted).toMatchObject({ ok: false, retryable: false })
    expect(untrusted.said).toMatch(
      /^The TLS connection to 127\.0\.0\.1:\d+ failed: its certificate was not accepted \(.*certificate/,
    )
    expect(selfSigned.mails).toHaveLength(0)
  })

  it('the caller aborting rejects the send, so the caller says why', async () => {
    // A server that accepts and never greets.
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const controller = new AbortController()
      const sending = channelFor('email')!.send(
        ascii,
        mailPoint((silent.address() as AddressInfo).port),
        { ...ctx(PASSWORD), signal: controller.signal },
      )
      setTimeout(() => controller.abort(), 100)
      await expect(sending).rejects.toThrow()
    } finally {
      silent.close()
    }
  })
})
