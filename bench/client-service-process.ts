// Child process for the client benchmark: runs the local service on its own event loop, as the
// real service would be on another machine, so its CPU does not count against the client.
import { startLocalService } from '../src/dev-service/server'

const latencyMs = Number(process.env.LW_BENCH_LATENCY_MS ?? '0')
const service = await startLocalService({ port: 0, latencyMs })
process.send?.({ url: service.url, apiKey: service.apiKey })
process.on('message', (msg: unknown) => {
  if (msg === 'stats') process.send?.({ stats: service.stats() })
})
process.on('disconnect', () => {
  void service.close().then(() => process.exit(0))
})
