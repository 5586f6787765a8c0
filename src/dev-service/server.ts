// The local Liquidity service for development and tests: the app's demo service
// (src/main/service) plus what only they need: injected faults, scripted scenarios, a request
// log and, when asked, the /__admin routes. `npm run service` and every test start it here; the
// packaged app never contains it.
import {
  startDemoService,
  type DemoService,
  type DemoServiceOptions,
  type ServiceExtension,
} from '../main/service/server'
import { ADMIN_PREFIX, handleAdmin } from './admin'
import { sendWithFault } from './fault-send'
import { FaultController } from './faults'
import { RequestLog, type LoggedRequest } from './request-log'
import { ScenarioController } from './scenarios'

export { DEMO_API_KEY, QUIET_WHEN_IDLE, type ServiceStats } from '../main/service/server'
export type { Fault } from './faults'
export type { LoggedRequest } from './request-log'
export type { Scenario, ActiveScenario } from './scenarios'
export { FaultController } from './faults'
export { ScenarioController } from './scenarios'

export interface LocalServiceOptions extends DemoServiceOptions {
  /** Serve /__admin (loopback only, bearer key). Default false; `npm run service` turns it on. */
  admin?: boolean
  /** How many recent requests requestLog() keeps (default 1000). */
  requestLogSize?: number
}

export interface LocalService extends DemoService {
  faults: FaultController
  scenarios: ScenarioController
  /** The most recent requests, oldest first (bounded); cleared by resetStats(). */
  requestLog(): LoggedRequest[]
}

const isAdminPath = (path: string): boolean =>
  path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)

export async function startLocalService(opts: LocalServiceOptions = {}): Promise<LocalService> {
  const faults = new FaultController()
  const log = new RequestLog(opts.requestLogSize)
  let scenarios: ScenarioController | undefined
  const demo = await startDemoService(opts, (ctx): ServiceExtension => {
    const stories = new ScenarioController(ctx.catalog, ctx.now)
    scenarios = stories
    const adminDeps = { ...ctx, faults, scenarios: stories }
    return {
      overlay: stories,
      onRequest: (req, url) => log.add(req, url),
      route: (req, path) =>
        opts.admin && isAdminPath(path) ? handleAdmin(req, path, adminDeps) : null,
      deliver: (kind, symbol) => {
        const { delayMs, fault } = faults.take(kind, symbol)
        return { delayMs, send: (res, reply) => sendWithFault(res, reply, fault) }
      },
    }
  })
  if (!scenarios) throw new Error('the demo service did not call its extension')
  return {
    ...demo,
    faults,
    scenarios,
    requestLog: () => log.list(),
    resetStats: () => {
      demo.resetStats()
      log.clear()
    },
  }
}
