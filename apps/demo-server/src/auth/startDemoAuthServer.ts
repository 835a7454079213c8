// A real OAuth 2.1 authorization server on 127.0.0.1, next to the protected demo endpoint:
// the SDK's `mcpAuthRouter` (RFC 8414 metadata, RFC 7591 registration, authorize with
// PKCE, token, refresh, RFC 7009 revocation) over express, plus our consent form.
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js'
import express from 'express'
import { DemoAuthProvider, type DemoAuthProviderOptions } from './demoAuthProvider.ts'

export interface DemoAuthServerOptions extends DemoAuthProviderOptions {
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string
  /** Port; 0 picks a free one. @default 0 */
  port?: number
}

export interface DemoAuthServer {
  /** The issuer, e.g. `http://127.0.0.1:4444/`. */
  readonly issuer: string
  readonly provider: DemoAuthProvider
  close(): Promise<void>
}

export async function startDemoAuthServer(
  options: DemoAuthServerOptions = {},
): Promise<DemoAuthServer> {
  const host = options.host ?? '127.0.0.1'
  const provider = new DemoAuthProvider(options)
  const server = createServer()
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`
  provider.setIssuer(issuer)

  const app = express()
  app.disable('x-powered-by')
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(issuer),
      scopesSupported: ['resources:read', 'tickets:read'],
      resourceName: 'resource-kit demo',
      // Tests and the demo run many sign-ins from one address in a few seconds.
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
    }),
  )
  app.post('/consent', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const body = req.body as Record<string, unknown>
    try {
      const target = provider.decide({
        request: typeof body.request === 'string' ? body.request : '',
        ...(typeof body.account === 'string' && { account: body.account }),
        allow: body.decision === 'allow',
      })
      res.redirect(303, target.href)
    } catch (error) {
      res
        .status(400)
        .type('text')
        .send(error instanceof Error ? error.message : String(error))
    }
  })
  server.on('request', app)

  let closing: Promise<void> | undefined
  return {
    issuer,
    provider,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      return closing
    },
  }
}
