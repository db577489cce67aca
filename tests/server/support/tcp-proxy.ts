import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of the test PostgreSQL server, so one test can make "its" database vanish
 * without stopping the server other test files share. Modes: `forward` (normal), `refuse` (port closed,
 * open connections cut: a stopped server), `blackhole` (open and new connections stay up but nothing gets
 * through either way: a hung server or network).
 */
export interface TcpProxy {
  /** `postgres://…` with host and port replaced by the proxy's. */
  rewrite(databaseUrl: string): string
  setMode(mode: 'forward' | 'refuse' | 'blackhole'): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let mode: 'forward' | 'blackhole' = 'forward'
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server: Server = createServer((client) => {
    track(client)
    if (mode === 'blackhole') return
    const upstream = connect(targetPort, targetHost)
    track(upstream)
    // Bytes are copied by hand (not piped) so blackhole mode can swallow them on open connections too.
    client.on('data', (chunk) => mode === 'forward' && upstream.write(chunk))
    upstream.on('data', (chunk) => mode === 'forward' && client.write(chunk))
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : port)
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
  const cutAll = () => sockets.forEach((socket) => socket.destroy())
  const port = await listen(0)

  return {
    rewrite(databaseUrl) {
      const url = new URL(databaseUrl)
      url.host = `127.0.0.1:${port}`
      return url.toString()
    },
    async setMode(next) {
      if (next === 'blackhole') {
        mode = next
        return
      }
      cutAll()
      if (next === 'refuse') return stopListening()
      mode = next
      if (!server.listening) await listen(port)
    },
    async close() {
      cutAll()
      await stopListening()
    },
  }
}
