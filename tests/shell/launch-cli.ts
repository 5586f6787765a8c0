// Runs the real src/main/index.ts as the packaged app started with `--cli …` (argv: the binary,
// then the switch), against the Electron fake: what the command printed, the code the app exited
// with, and what of the app it started (windows, tray, single-instance lock).
import { vi } from 'vitest'
import type * as FakeElectron from '../mocks/electron'

export interface AppCliRun {
  electron: typeof FakeElectron
  stdout(): string
  stderr(): string
  /** Whether the app asked for the single-instance lock. */
  askedForLock(): boolean
  /** Resolves with the code the app exited with (app.exit). */
  exited: Promise<number>
  /** Puts process.argv, stdout and stderr back (afterEach). */
  restore(): void
}

export async function startAppCli(args: string[]): Promise<AppCliRun> {
  vi.resetModules()
  const electron = await import('../mocks/electron')
  electron.configureLaunch({ userData: '/nonexistent-user-data', isPackaged: true, argv: args })
  let locked = false
  const lock = electron.app.requestSingleInstanceLock.bind(electron.app)
  electron.app.requestSingleInstanceLock = () => {
    locked = true
    return lock()
  }
  const out: string[] = []
  const err: string[] = []
  const collect =
    (into: string[]) =>
    (chunk: string | Uint8Array): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return true
    }
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(collect(out) as never)
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(collect(err) as never)
  const argv = process.argv
  const exitCode = process.exitCode
  // The packaged binary's argv: the binary itself, then the switch and the command's arguments.
  // The command reads argv after this returns, so it is put back only by restore().
  process.argv = [argv[0]!, '--cli', ...args]
  await import('../../src/main/index')
  return {
    electron,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    askedForLock: () => locked,
    exited: electron.app.exited,
    restore: () => {
      stdout.mockRestore()
      stderr.mockRestore()
      process.argv = argv
      process.exitCode = exitCode
    },
  }
}
