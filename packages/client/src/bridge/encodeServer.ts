// A server snapshot as it crosses the bridge: data only (the sign-in's actions become
// bridge requests on the page), the error as name and message.
import type { ServerSnapshot } from '../types.ts'
import { encodeError } from './protocol.ts'

export function encodeServer(server: ServerSnapshot): Record<string, unknown> {
  const auth = server.auth
  return {
    id: server.id,
    status: server.status,
    ...(server.error && { error: encodeError(server.error) }),
    ...(server.era && { era: server.era }),
    ...(server.protocolVersion && { protocolVersion: server.protocolVersion }),
    ...(server.capabilities && { capabilities: server.capabilities }),
    ...(server.serverInfo && { serverInfo: server.serverInfo }),
    ...(server.instructions !== undefined && { instructions: server.instructions }),
    ...(auth && {
      auth: {
        phase: auth.phase,
        serverName: auth.serverName,
        needsAuthorization: auth.needsAuthorization,
        ...(auth.authorizationServer && { authorizationServer: auth.authorizationServer }),
        ...(auth.account && { account: auth.account }),
        ...(auth.scope && { scope: auth.scope }),
      },
    }),
  }
}
