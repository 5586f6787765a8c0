// What the CLI writes to a terminal: the service's strings (issuer and network names, messages) may
// carry control characters, and an escape sequence would retitle the terminal, clear it or fake
// lines. Every control character but a line break and a tab is shown as U+FFFD.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

export function printable(s: string): string {
  return s.replace(CONTROL, '\ufffd')
}
