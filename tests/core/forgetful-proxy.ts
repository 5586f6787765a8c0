// A TCP pass-through in front of the local service that can forget its connections, as a NAT or
// a network does while the computer sleeps: the client still holds its keep-alive sockets, and
// the first bytes it sends on one are answered with a reset (the request never reaches the service).
import net from 'node:net'

export interface ForgetfulProxy {
  /** http://127.0.0.1:PORT */
  url: string
  /** Every connection open now is forgotten: its next bytes get a TCP reset. */
  forget(): void
  /** Requests answered with a reset so far. */
  resets(): number
  close(): Promise<void>
}

export async function forgetfulProxy(target: string): Promise<ForgetfulProxy> {
  const { hostname, port } = new URL(target)
  const open = new Set<net.Socket>()
  const forgotten = new WeakSet<net.Socket>()
  let resets = 0
  const server = net.createServer((client) => {
    open.add(client)
    const upstream = net.connect(Number(port), hostname)
    client.on('data', (chunk) => {
      if (forgotten.has(client)) {
        resets++
        upstream.destroy()
        client.resetAndDestroy()
        return
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const end = (): void => {
      open.delete(client)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    forget: () => open.forEach((s) => forgotten.add(s)),
    resets: () => resets,
    close: async () => {
      open.forEach((s) => s.destroy())
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
