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
  /** The authorization server whose tokens the endpoint accepts now. */
  readonly authServer: DemoAuthServer
  /**
   * Moves the endpoint to another authorization server: its protected-resource metadata
   * names that one, and only its tokens are accepted (a deployment switching identity
   * providers). The previous one keeps running; `close()` stops the one started here.
   */
  moveTo(authServer: DemoAuthServer): void
}

export async function startProtectedDemoServer(
  options: ProtectedDemoServerOptions = {},
): Promise<ProtectedDemoServer> {
  const { authServer: authOptions, onAuthorized, ...http } = options
  const authServer = await startDemoAuthServer({
    ...(http.host && { host: http.host }),
    ...authOptions,
  })
  let current = authServer
  try {
    const server = await startDemoHttpServer({
      ...http,
      guard: createBearerGuard({
        authServer: () => current,
        ...(http.path && { path: http.path }),
        ...(onAuthorized && { onAuthorized }),
      }),
    })
    authServer.provider.allowResource(server.url)
    return {
      ...server,
      get authServer() {
        return current
      },
      moveTo(next) {
        next.provider.allowResource(server.url)
        current = next
      },
      async close() {
        await Promise.all([server.close(), authServer.close()])
      },
    }
  } catch (error) {
    await authServer.close()
    throw error
  }
}
