// One line per poll (and per lifecycle event): JSON lines for log shippers with --log-format json,
// plain text otherwise. A known secret is masked in every line, whatever put it there.

export type LogFormat = 'text' | 'json'

export interface LogFields {
  /** What happened: poll, start, stop, reload, error. */
  event: string
  /** One plain sentence for the text form. */
  msg: string
  [k: string]: string | number | boolean | null | undefined
}

export class DaemonLog {
  constructor(
    private readonly format: LogFormat,
    private readonly write: (line: string) => void,
    private readonly secrets: () => readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  line(f: LogFields): void {
    const time = this.now().toISOString()
    const text =
      this.format === 'json' ? JSON.stringify({ time, ...f }) : `${time} ${f.event}: ${f.msg}`
    this.write(this.mask(text))
  }

  private mask(text: string): string {
    let out = text
    for (const s of this.secrets()) if (s.length >= 4) out = out.split(s).join('***')
    return out
  }
}

export function parseLogFormat(v: string | undefined): LogFormat {
  if (v === undefined || v === 'text') return 'text'
  if (v === 'json') return 'json'
  throw new Error(`--log-format is "text" or "json" (got "${v.slice(0, 40)}")`)
}
