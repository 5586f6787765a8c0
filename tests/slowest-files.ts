// A vitest reporter for `npm test` (scripts/test.sh): after the run, the 10 test files that took
// longest, so the suite's time is seen where it goes, then every failure in a line or two, so a CI
// log that keeps only its tail still names what failed. Reports only; it never fails a run.
import type { Reporter, SerializedError, TestModule } from 'vitest/node'

export interface FileTime {
  file: string
  project: string
  ms: number
}

/** A file's own time: its environment, set-up, import and every test and hook in it. */
export function fileTime(m: TestModule): FileTime {
  const d = m.diagnostic()
  return {
    file: m.relativeModuleId,
    project: m.project.name,
    ms:
      d.environmentSetupDuration +
      d.prepareDuration +
      d.setupDuration +
      d.collectDuration +
      d.duration,
  }
}

/** The `n` slowest files as lines for the terminal, slowest first. */
export function slowestLines(files: readonly FileTime[], n = 10): string[] {
  const top = [...files].sort((a, b) => b.ms - a.ms).slice(0, n)
  if (top.length === 0) return []
  return [
    `Slowest ${top.length} test files:`,
    ...top.map(
      (f) =>
        `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}${f.project ? ` (${f.project})` : ''}`,
    ),
  ]
}

export interface Failure {
  /** File and test name, e.g. `tests/a.test.ts > a suite > a test`, or the file alone for its hooks. */
  where: string
  message: string
}

/**
 * Every failed test, and every file or suite that failed outside a test (an import, a hook: a
 * describe's failed beforeAll skips its tests, a failed afterAll leaves them passed), by file.
 */
export function failuresOf(
  modules: ReadonlyArray<TestModule>,
  unhandled: ReadonlyArray<SerializedError> = [],
): Failure[] {
  const out: Failure[] = []
  const byFile = [...modules].sort((a, b) => a.relativeModuleId.localeCompare(b.relativeModuleId))
  for (const m of byFile) {
    for (const t of m.children.allTests('failed'))
      out.push({
        where: `${m.relativeModuleId} > ${t.fullName}`,
        message: t.result().errors?.[0]?.message ?? '',
      })
    for (const s of m.children.allSuites())
      for (const e of s.errors())
        out.push({ where: `${m.relativeModuleId} > ${s.fullName}`, message: e.message })
    for (const e of m.errors()) out.push({ where: m.relativeModuleId, message: e.message })
  }
  for (const e of unhandled) out.push({ where: 'unhandled error', message: e.message })
  return out
}

/** The failures as lines for the terminal: where, then the error's first line, cut to one line. */
export function failureLines(failures: readonly Failure[], width = 300): string[] {
  if (failures.length === 0) return []
  const oneLine = (s: string): string => {
    const first = (s.split('\n').find((l) => l.trim() !== '') ?? '(no message)').trim()
    return first.length > width ? `${first.slice(0, width - 1)}…` : first
  }
  return [
    `Failed (${failures.length}):`,
    ...failures.flatMap((f) => [`  ${f.where}`, `      ${oneLine(f.message)}`]),
  ]
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandled: ReadonlyArray<SerializedError> = [],
  ): void {
    const lines = [...slowestLines(modules.map(fileTime))]
    const failed = failureLines(failuresOf(modules, unhandled))
    if (failed.length > 0) lines.push('', ...failed)
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  }
}
