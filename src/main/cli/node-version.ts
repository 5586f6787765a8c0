// The oldest Node the built command runs on. node:sqlite (the history database) loads without a
// flag from 22.13 (Node's changelog: "unflag sqlite module"); before that importing it fails, and
// every command reads or writes history. The project itself develops on Node 24.
export const MIN_NODE = { major: 22, minor: 13 } as const

/** Null when `version` (process.versions.node, e.g. "22.13.1") can run the command; else why not. */
export function nodeTooOld(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map((p) => Number.parseInt(p, 10) || 0)
  if (major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor)) return null
  return (
    `liquidity-watch needs Node ${MIN_NODE.major}.${MIN_NODE.minor} or later (Node 24 recommended); ` +
    `this is Node ${version}. Install a newer Node from https://nodejs.org and run it again.`
  )
}
