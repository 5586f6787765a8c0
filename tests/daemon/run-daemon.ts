// Runs `liquidity-watch daemon` as a user does: a child process (the built command when fresh,
// else main.ts through tsx, as tests/cli/run-cli.ts), its JSON log lines collected, its endpoints
// found from the start line. Fast: extra polls every --test-poll-ms.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'
import { cliNodeArgs, root } from '../cli/run-cli'

export interface LogLine {
  time: string
  event: string
  msg: string
  [k: string]: unknown
}

export interface RunningDaemon {
  child: ChildProcess
  url: string
  /** Every stdout line so far, parsed (non-JSON lines kept as msg). */
  lines(): LogLine[]
  /** All raw output (stdout and stderr). */
  output(): string
  /** Resolves with the first line matching, after `after` lines (default: any so far). */
  waitFor(match: (l: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>
  /** Resolves when `n` more polls have ended. */
  polls(n: number, timeoutMs?: number): Promise<LogLine[]>
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface StartOptions {
  dataDir: string
  baseUrl: string
  key: string
  args?: string[]
  pollMs?: number
  /** Added to the child's environment; undefined removes a variable. */
  env?: Record<string, string | undefined>
  /** Node's arguments before the command's (default: cliNodeArgs(), built when fresh). */
  nodeArgs?: string[]
}

function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined))
}

// Daemons still running after the test file (a test failed before stopping its own): killed
// then, or they outlive the run, polling and holding their data dirs. Registered when a test file
// imports this module, so it runs after that file's tests.
const running = new Set<ChildProcess>()
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
})

export function spawnDaemon(o: StartOptions): {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
} {
  const child = spawn(
    process.execPath,
    [
      ...(o.nodeArgs ?? cliNodeArgs()),
      'daemon',
      '--data-dir',
      o.dataDir,
      // '' : the service comes from the settings or --config.
      ...(o.baseUrl ? ['--base-url', o.baseUrl] : []),
      '--listen',
      '127.0.0.1:0',
      '--log-format',
      'json',
      '--test-poll-ms',
      String(o.pollMs ?? 500),
      ...(o.args ?? []),
    ],
    { cwd: root, env: childEnv({ ...process.env, LIQUIDITY_API_KEY: o.key, ...o.env }) },
  )
  let out = ''
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()))
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()))
  running.add(child)
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      running.delete(child)
      r(code)
    }),
  )
  return { child, output: () => out, exited }
}

export async function startDaemon(o: StartOptions): Promise<RunningDaemon> {
  const { child, output, exited } = spawnDaemon(o)
  let stdout = ''
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()))
  const lines = (): LogLine[] =>
    stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        try {
          return JSON.parse(l) as LogLine
        } catch {
          return { time: '', event: 'text', msg: l }
        }
      })
  const waitFor = (match: (l: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> =>
    new Promise((resolve, reject) => {
      const t0 = Date.now()
      const tick = (): void => {
        const hit = lines().find(match)
        if (hit) return resolve(hit)
        if (child.exitCode !== null) return reject(new Error(`daemon exited: ${output()}`))
        if (Date.now() - t0 > timeoutMs) return reject(new Error(`timed out; output: ${output()}`))
        setTimeout(tick, 50)
      }
      tick()
    })
  const start = await waitFor((l) => l.event === 'start')
  const polls = async (n: number, timeoutMs = 30_000): Promise<LogLine[]> => {
    const before = lines().filter((l) => l.event === 'poll').length
    await waitFor(() => lines().filter((l) => l.event === 'poll').length >= before + n, timeoutMs)
    return lines()
      .filter((l) => l.event === 'poll')
      .slice(before)
  }
  return {
    child,
    url: start.url as string,
    lines,
    output,
    waitFor,
    polls,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Body of GET url+path (text). */
export async function get(url: string): Promise<{ status: number; body: string }> {
  const r = await fetch(url)
  return { status: r.status, body: await r.text() }
}

/** The value of one series in a Prometheus text exposition, or null. */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]),
    )
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return null
}
