// Plain HTTP servers on 127.0.0.1 (OS-chosen ports) that answer however a test says: for
// failures that are not MCP at all (an HTML page, a 404, a 401, a server that never answers),
// and a URL whose port was just free, for "connection refused".
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubHttpServers {
  /** Starts a server with `handler`; resolves to its `http://127.0.0.1:PORT/mcp` URL. */
  serve(handler: http.RequestListener): Promise<string>
  /** A URL on a port that was bound and then closed: connecting to it is refused. */
  closedPortUrl(): Promise<string>
  /** Closes every server started by `serve`, dropping open connections. */
  close(): void
}

export function createStubHttpServers(): StubHttpServers {
  const servers: http.Server[] = []
  return {
    serve(handler) {
      return new Promise((resolve) => {
        const server = http.createServer(handler)
        servers.push(server)
        server.listen(0, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)
        })
      })
    },
    async closedPortUrl() {
      const server = http.createServer()
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      await new Promise((resolve) => server.close(resolve))
      return `http://127.0.0.1:${port}/mcp`
    },
    close() {
      for (const server of servers) server.closeAllConnections()
      for (const server of servers) server.close()
    },
  }
}
