// `--auth`: the demo's MCP endpoint behind Bearer tokens, with its authorization server
// on a port of its own (another origin, as a real deployment would have it).
import { type DemoHttpServer, type DemoHttpServerOptions, startDemoHttpServer } from '../http.ts'
import { type AuthorizedRequest, createBearerGuard } from './bearerGuard.ts'
import {
  type DemoAuthServer,
  type DemoAuthServerOptions,
  startDemoAuthServer,
} from './startDemoAuthServer.ts'

export interface ProtectedDemoServerOptions extends Omit<DemoHttpServerOptions, 'guard'> {
  /** Options of the authorization server (its host defaults to `host`). */
  authServer?: DemoAuthServerOptions
  /** Called for each MCP request that carried a valid token. */
  onAuthorized?: (request: AuthorizedRequest) => void
}

export interface ProtectedDemoServer extends DemoHttpServer {
  readonly authServer: DemoAuthServer
}

export async function startProtectedDemoServer(
  options: ProtectedDemoServerOptions = {},
): Promise<ProtectedDemoServer> {
  const { authServer: authOptions, onAuthorized, ...http } = options
  const authServer = await startDemoAuthServer({
    ...(http.host && { host: http.host }),
    ...authOptions,
  })
  try {
    const server = await startDemoHttpServer({
      ...http,
      guard: createBearerGuard({
        authServer,
        ...(http.path && { path: http.path }),
        ...(onAuthorized && { onAuthorized }),
      }),
    })
    authServer.provider.allowResource(server.url)
    return {
      ...server,
      authServer,
      async close() {
        await Promise.all([server.close(), authServer.close()])
      },
    }
  } catch (error) {
    await authServer.close()
    throw error
  }
}
