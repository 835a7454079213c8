// Node-only entry (`@resource-kit/demo-server/node`): HTTP on node:http and real stdio.
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { createDemoServer, type DemoServer, type DemoServerOptions } from './createDemoServer.ts'

export {
  type DemoHttpServer,
  type DemoHttpServerOptions,
  defaultDemoPort,
  startDemoHttpServer,
} from './http.ts'

/** The demo serving this process's stdin/stdout. */
export interface DemoStdioServer {
  readonly demo: DemoServer
  close(): Promise<void>
}

/** Serves the demo on this process's stdio (both eras, `subscriptions/listen` included). */
export function serveDemoStdio(options: DemoServerOptions = {}): DemoStdioServer {
  const demo = createDemoServer(options)
  const handle = serveStdio(demo.connectionFactory)
  return {
    demo,
    async close() {
      await handle.close()
      demo.close()
    },
  }
}

export type { AuthorizedRequest } from './auth/bearerGuard.ts'
export type { DemoAccount, PreRegisteredDemoClient } from './auth/demoAuthProvider.ts'
export type { DemoAuthServer, DemoAuthServerOptions } from './auth/startDemoAuthServer.ts'
export { startDemoAuthServer } from './auth/startDemoAuthServer.ts'
export type {
  ProtectedDemoServer,
  ProtectedDemoServerOptions,
} from './auth/startProtectedDemoServer.ts'
export { startProtectedDemoServer } from './auth/startProtectedDemoServer.ts'
