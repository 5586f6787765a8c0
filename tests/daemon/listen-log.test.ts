// The daemon's small parts: where it listens (loopback unless told), its log lines (text or JSON,
// the key masked), and its command line (help, bad flags).
import { describe, expect, it } from 'vitest'
import { DEFAULT_LISTEN, parseListen } from '../../src/main/daemon/listen'
import { DaemonLog, parseLogFormat } from '../../src/main/daemon/log-line'
import { readinessOf } from '../../src/main/daemon/daemon'
import type { EngineStatus } from '../../src/shared/view-models'
import { cli } from '../cli/run-cli'

describe('daemon --listen', () => {
  it('defaults to loopback and takes another address only when given', () => {
    expect(DEFAULT_LISTEN).toBe('127.0.0.1:9464')
    expect(parseListen()).toEqual({ host: '127.0.0.1', port: 9464, public: false })
    expect(parseListen('[::1]:9000')).toEqual({ host: '::1', port: 9000, public: false })
    expect(parseListen('localhost:0')).toEqual({ host: 'localhost', port: 0, public: false })
    expect(parseListen('0.0.0.0:9464')).toEqual({ host: '0.0.0.0', port: 9464, public: true })
  })

  it('refuses what is not host:port, in plain words', () => {
    expect(() => parseListen('9464')).toThrow(
      '--listen expects host:port, like 127.0.0.1:9464 (got "9464")',
    )
    expect(() => parseListen('example.com:80')).toThrow(
      '--listen expects an IP address or localhost before the port (got "example.com")',
    )
    expect(() => parseListen('127.0.0.1:70000')).toThrow(/--listen expects host:port/)
  })
})

describe('daemon log lines', () => {
  const at = () => new Date('2026-11-24T15:00:00Z')
  it('writes plain text or one JSON object per line, with the key masked', () => {
    const lines: string[] = []
    const key = 'secret-key-1234'
    new DaemonLog(
      'text',
      (l) => lines.push(l),
      () => [key],
      at,
    ).line({
      event: 'poll',
      msg: `failed with ${key}`,
    })
    new DaemonLog(
      'json',
      (l) => lines.push(l),
      () => [key],
      at,
    ).line({
      event: 'poll',
      msg: 'ok',
      ok: true,
      note: `header Bearer ${key}`,
    })
    expect(lines[0]).toBe('2026-11-24T15:00:00.000Z poll: failed with ***')
    expect(JSON.parse(lines[1]!)).toEqual({
      time: '2026-11-24T15:00:00.000Z',
      event: 'poll',
      msg: 'ok',
      ok: true,
      note: 'header Bearer ***',
    })
    expect(parseLogFormat(undefined)).toBe('text')
    expect(() => parseLogFormat('xml')).toThrow('--log-format is "text" or "json" (got "xml")')
  })
})

describe('daemon readiness', () => {
  const status = (lastSuccessAt: string | null): EngineStatus =>
    ({ lastSuccessAt, lastAttemptAt: lastSuccessAt, lastError: null }) as EngineStatus
  const now = Date.parse('2026-11-24T15:00:00Z')
  it('is ready within two intervals of the last success, and says why not', () => {
    expect(readinessOf(status('2026-11-24T14:35:00Z'), 15 * 60_000, now)).toMatchObject({
      ready: true,
      reason: 'the last poll succeeded 1500 s ago',
    })
    expect(readinessOf(status('2026-11-24T14:25:00Z'), 15 * 60_000, now)).toMatchObject({
      ready: false,
      reason: 'no poll has succeeded for 2100 s (more than two intervals of 900 s)',
    })
    expect(readinessOf(null, 15 * 60_000, now)).toMatchObject({
      ready: false,
      reason: 'no poll has succeeded yet',
    })
  })
})

describe('daemon command line', () => {
  it(
    'prints its help and exits 0; a bad flag is one line and where the help is (exit 2)',
    { timeout: 60_000 },
    async () => {
      const help = await cli(['daemon', '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toMatch(/\n\ndaemon runs the engine on its schedule/)
      expect(help.stdout).toContain('--listen HOST:PORT')
      const bad = await cli(['daemon', '--listen', 'nowhere'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toBe(
        'error: --listen expects host:port, like 127.0.0.1:9464 (got "nowhere")\nRun "liquidity-watch daemon --help" for its options.\n',
      )
    },
  )
})
