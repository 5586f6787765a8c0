// Where the daemon's HTTP endpoints listen: loopback unless the operator names another address.
import { isIP } from 'node:net'

export const DEFAULT_LISTEN = '127.0.0.1:9464'

export interface ListenAddress {
  host: string
  port: number
  /** Reachable from other machines: said once in the log at start. */
  public: boolean
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

/** "host:port" or "[v6]:port"; port 0 picks a free one (tests). */
export function parseListen(v: string = DEFAULT_LISTEN): ListenAddress {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(v.trim())
  const host = m?.[1] ?? m?.[2]
  const port = Number(m?.[3])
  if (!m || host === undefined || !(port >= 0 && port <= 65535))
    throw new Error(`--listen expects host:port, like 127.0.0.1:9464 (got "${v.slice(0, 60)}")`)
  if (host !== 'localhost' && isIP(host) === 0)
    throw new Error(
      `--listen expects an IP address or localhost before the port (got "${host.slice(0, 60)}")`,
    )
  const loopback = LOOPBACK.has(host) || host.startsWith('127.')
  return { host, port, public: !loopback }
}
