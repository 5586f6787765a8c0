// Preloaded into the electronegativity process (node -r). The tool looks up translations and
// Electron release data over the network with got; where there is no network (CI, this sandbox)
// got 11 under Node 24 throws from a retry timer ("The `onCancel` handler was attached after the
// promise settled", p-cancelable) after the tool has already fallen back to its bundled data.
// That one error is ignored; any other uncaught error still ends the process.
'use strict'
process.on('uncaughtException', (e) => {
  if (
    e instanceof Error &&
    e.message.includes('`onCancel` handler was attached after the promise settled')
  )
    return
  console.error(e)
  process.exit(1)
})
