// The built command's entry (out/cli/liquidity-watch.mjs, package.json "bin"). It checks the Node
// version before anything else is loaded: main's modules import node:sqlite, which an older Node
// cannot even link, and a stack trace would hide the one fact the user needs. Kept tiny and free of
// newer syntax so that an old Node gets as far as the message.
import { nodeTooOld } from './node-version'

const tooOld = nodeTooOld(process.versions.node)
if (tooOld !== null) {
  process.stderr.write(`error: ${tooOld}\n`)
  process.exitCode = 2
} else {
  await import('./main')
}
