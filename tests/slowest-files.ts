// A vitest reporter for `npm test` (scripts/test.sh): after the run, the 10 test files that took
// longest, so the suite's time is seen where it goes. Reports only; it never fails a run.
import type { Reporter, TestModule } from 'vitest/node'

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

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines = slowestLines(modules.map(fileTime))
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`)
  }
}
