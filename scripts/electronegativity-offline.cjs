// Preloaded into the electronegativity process (node -r). The tool looks up translations and
// Electron release data over the network with got; where there is no network (CI, this sandbox)
// got 11 under Node 24 throws from a retry timer ("The `onCancel` handler was attached after the
// promise settled", p-cancelable) after the tool has already fallen back to its bundled data.
// That error is ignored, and so is got's own RequestError for those lookups (ENOTFOUND and the
// like: which of the two surfaces uncaught depends on timing); any other uncaught error still ends
// the process.
'use strict'
const OFFLINE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'ETIMEDOUT'])
process.on('uncaughtException', (e) => {
  if (
    e instanceof Error &&
    e.message.includes('`onCancel` handler was attached after the promise settled')
  )
    return
  if (e instanceof Error && e.name === 'RequestError' && OFFLINE.has(e.code)) return
  console.error(e)
  process.exit(1)
})
