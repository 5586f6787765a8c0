// The history database's thread: main posts one message per poll (its rows) and the queries of
// Settings and the asset view; SQLite's synchronous writes and reads run here, never on main.
// Built as its own entry (electron.vite.config.ts); run from source under tsx (history-client.ts).
import { parentPort } from 'node:worker_threads'
import type { Envelope } from './history-protocol'
import { HistoryHost } from './history-host'

const port = parentPort
if (port === null) throw new Error('history-worker runs as a worker thread only')
const host = new HistoryHost()
port.on('message', (req: Envelope) => {
  const reply = host.handle(req)
  port.postMessage(reply)
  // The last answer is out: let the thread end (main terminates it too).
  if (req.kind === 'close') port.close()
})
