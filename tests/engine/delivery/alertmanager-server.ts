// A real Alertmanager (Debian's prometheus-alertmanager) for tests: a free loopback port, a temp
// storage dir, clustering off, and a config that routes every alert to one webhook receiver with
// short group timers.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ALERTMANAGER_BIN = '/usr/bin/prometheus-alertmanager'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

export interface RunningAlertmanager {
  url: string
  /** Alertmanager's own clock (its HTTP Date header, then our monotonic clock): alerts' times are judged by it. */
  now(): Date
  stop(): Promise<void>
  log(): string
}

export async function startAlertmanager(webhookUrl: string): Promise<RunningAlertmanager> {
  const dir = mkdtempSync(join(tmpdir(), 'lw-am-'))
  const config = [
    'route:',
    '  receiver: hook',
    "  group_by: ['alertname', 'symbol', 'rule']",
    '  group_wait: 200ms',
    '  group_interval: 1s',
    '  repeat_interval: 1h',
    'receivers:',
    '  - name: hook',
    '    webhook_configs:',
    `      - url: ${webhookUrl}`,
    '        send_resolved: true',
    '',
  ].join('\n')
  writeFileSync(join(dir, 'alertmanager.yml'), config)
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(
    ALERTMANAGER_BIN,
    [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--storage.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break
    try {
      const res = await fetch(`${url}/-/ready`)
      if (res.ok) {
        const date = Date.parse(res.headers.get('date') ?? '')
        const at = performance.now()
        return {
          url,
          now: () => new Date(date + (performance.now() - at)),
          stop,
          log: () => output,
        }
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop()
  throw new Error(`Alertmanager did not become ready:\n${output}`)
}
