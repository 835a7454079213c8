// A scripted MCP server at the JSON-RPC level, for races a real server never lines up on
// cue. Both eras: 2026-07-28 (`server/discover`, `subscriptions/listen` with ack, stream
// notifications and graceful close) and 2025-11-25 (`initialize`, `resources/subscribe`,
// unsolicited notifications). Every request is recorded and held as a handle the test
// answers when it likes — at once, late, with anything, or never — and every listen
// stream can be acknowledged, fed, ended with its result, cancelled by the server or
// dropped, at a chosen moment. Connections are in-memory Transport pairs, so the client
// under test runs its real SDK Session over them.
import { InMemoryTransport } from '@modelcontextprotocol/server'

export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'
const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'

type Id = string | number
type Message = Record<string, unknown>

/** One request as the server received it; answer it with `reply` or `fail`, or never. */
export interface ScriptedRequest {
  readonly connection: ScriptedConnection
  readonly id: Id
  readonly method: string
  readonly params: Record<string, unknown>
  /** True once answered (by the test or a default handler). */
  readonly answered: boolean
  /** Answers with `result` exactly as given (no fields added). */
  reply(result: unknown): void
  fail(code: number, message: string, data?: unknown): void
  /** Sends any message, however malformed, as this request's answer. */
  raw(message: Message): void
}

/** A `subscriptions/listen` stream (modern era). */
export interface ScriptedListen extends ScriptedRequest {
  readonly filter: Record<string, unknown>
  /** `pending` until acked; `ended` after `end`/`cancel`; `cancelled` when the client cancelled it. */
  readonly state: 'pending' | 'open' | 'ended' | 'cancelled' | 'dropped'
  /** Sends the acknowledgement (by default honouring everything asked). */
  ack(honored?: Record<string, unknown>): void
  /** A notification on this stream (tagged with its subscription id). */
  notify(method: string, params?: Record<string, unknown>): void
  /** Graceful end: the listen result, as a server sends on shutdown. */
  end(): void
  /** Graceful end the stdio way: `notifications/cancelled` for the listen id. */
  cancel(reason?: string): void
}

export interface ScriptedConnection {
  readonly index: number
  readonly closed: boolean
  /** An unsolicited notification (legacy style, no subscription id). */
  notify(method: string, params?: Record<string, unknown>): void
  /** Sends any message. */
  send(message: Message): void
  /** The transport drops (both ends close). */
  drop(): Promise<void>
}

export type ScriptedHandler = (request: ScriptedRequest) => void

export interface ScriptedServerOptions {
  era?: 'modern' | 'legacy'
  /** @default `{ resources: { subscribe: true, listChanged: true } }` */
  capabilities?: Record<string, unknown>
  /** Acknowledge each listen as it arrives, honouring all of it. @default true */
  autoAck?: boolean
}

export interface ScriptedServer {
  /** A client-side transport on a new connection (call again for each reconnect). */
  transport(): InMemoryTransport
  readonly connections: readonly ScriptedConnection[]
  /** Every request received, in order (handshake included). */
  readonly requests: readonly ScriptedRequest[]
  /** Every listen received, in order. */
  readonly listens: readonly ScriptedListen[]
  /** Listens acked and not yet ended, cancelled or dropped. */
  openListens(): ScriptedListen[]
  /** Handles `method` from now on (replacing the default); the handler may answer later or never. */
  handle(method: string, handler: ScriptedHandler): void
  /** Resolves with the next request for `method` (already received ones do not count). */
  next(method: string): Promise<ScriptedRequest>
  /** Resolves with the next listen. */
  nextListen(): Promise<ScriptedListen>
  /** Requests received for `method`. */
  calls(method: string): ScriptedRequest[]
  /** Notifications the client sent (e.g. `notifications/cancelled`). */
  readonly clientNotifications: readonly { method: string; params: Record<string, unknown> }[]
  /** Drops every connection. */
  close(): Promise<void>
}

export function createScriptedServer(options: ScriptedServerOptions = {}): ScriptedServer {
  const era = options.era ?? 'modern'
  const capabilities = options.capabilities ?? {
    resources: { subscribe: true, listChanged: true },
  }
  const autoAck = options.autoAck ?? true
  const connections: ScriptedConnection[] = []
  const requests: ScriptedRequest[] = []
  const listens: ScriptedListen[] = []
  const clientNotifications: { method: string; params: Record<string, unknown> }[] = []
  const handlers = new Map<string, ScriptedHandler>()
  const waiters: { method: string; resolve: (request: ScriptedRequest) => void }[] = []

  handlers.set('server/discover', (request) => {
    if (era === 'legacy') return request.fail(-32601, 'Method not found: server/discover')
    request.reply({
      resultType: 'complete',
      supportedVersions: [MODERN],
      capabilities,
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted', version: '1.0.0' } },
    })
  })
  handlers.set('initialize', (request) => {
    request.reply({
      protocolVersion: LEGACY,
      capabilities,
      serverInfo: { name: 'scripted-legacy', version: '1.0.0' },
    })
  })
  handlers.set('resources/subscribe', (request) => request.reply({}))
  handlers.set('resources/unsubscribe', (request) => request.reply({}))
  handlers.set('subscriptions/listen', (request) => {
    if (autoAck) (request as ScriptedListen).ack()
  })

  const open = (): InMemoryTransport => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
    let closed = false
    const send = (message: Message) => {
      if (closed) return
      serverEnd.send({ jsonrpc: '2.0', ...message } as never).catch(() => {})
    }
    const streams = new Map<Id, ScriptedListen & { settle(state: ScriptedListen['state']): void }>()
    const connection: ScriptedConnection = {
      index: connections.length,
      get closed() {
        return closed
      },
      notify: (method, params = {}) => send({ method, params }),
      send,
      async drop() {
        await serverEnd.close()
      },
    }
    connections.push(connection)
    serverEnd.onclose = () => {
      closed = true
      for (const stream of streams.values()) stream.settle('dropped')
    }
    serverEnd.onmessage = (raw) => {
      const message = raw as Message
      const method = message.method
      const params = (message.params ?? {}) as Record<string, unknown>
      if (typeof method !== 'string') return
      if (!('id' in message)) {
        clientNotifications.push({ method, params })
        if (method === 'notifications/cancelled')
          streams.get(params.requestId as Id)?.settle('cancelled')
        return
      }
      const id = message.id as Id
      let answered = false
      const answer = (body: Message) => {
        if (answered) return
        answered = true
        send({ id, ...body })
      }
      const request: ScriptedRequest = {
        connection,
        id,
        method,
        params,
        get answered() {
          return answered
        },
        reply: (result) => answer({ result }),
        fail: (code, text, data) =>
          answer({ error: { code, message: text, ...(data !== undefined && { data }) } }),
        raw: (body) => {
          answered = true
          send(body)
        },
      }
      const entry = method === 'subscriptions/listen' ? listenOf(request) : request
      requests.push(entry)
      const handler = handlers.get(method)
      if (handler) handler(entry)
      else request.fail(-32601, `Method not found: ${method}`)
      for (const waiter of waiters.filter((w) => w.method === method)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(entry)
      }
    }

    const listenOf = (request: ScriptedRequest): ScriptedListen => {
      let state: ScriptedListen['state'] = 'pending'
      const filter = (request.params.notifications ?? {}) as Record<string, unknown>
      const tag = { [SUBSCRIPTION_ID]: request.id }
      const live = () => state === 'pending' || state === 'open'
      const stream = {
        connection,
        id: request.id,
        method: request.method,
        params: request.params,
        filter,
        get state() {
          return state
        },
        get answered() {
          return request.answered
        },
        reply: request.reply,
        fail(code: number, text: string, data?: unknown) {
          if (state === 'pending') state = 'ended'
          request.fail(code, text, data)
        },
        raw(body: Message) {
          // Any response with the listen's id ends the stream (an error after the ack: a drop).
          if (live()) state = 'ended'
          request.raw(body)
        },
        ack(honored: Record<string, unknown> = filter) {
          if (state !== 'pending') return
          state = 'open'
          send({
            method: 'notifications/subscriptions/acknowledged',
            params: { _meta: tag, notifications: honored },
          })
        },
        notify(method: string, params: Record<string, unknown> = {}) {
          if (live()) send({ method, params: { ...params, _meta: tag } })
        },
        end() {
          if (!live()) return
          state = 'ended'
          request.reply({ resultType: 'complete', _meta: tag })
        },
        cancel(reason = 'server shutting down') {
          if (!live()) return
          state = 'ended'
          send({ method: 'notifications/cancelled', params: { requestId: request.id, reason } })
        },
        settle(next: ScriptedListen['state']) {
          if (live()) state = next
        },
      }
      streams.set(request.id, stream)
      listens.push(stream)
      return stream
    }

    void serverEnd.start()
    return clientEnd
  }

  return {
    transport: open,
    connections,
    requests,
    listens,
    clientNotifications,
    openListens: () => listens.filter((listen) => listen.state === 'open'),
    handle(method, handler) {
      handlers.set(method, handler)
    },
    next(method) {
      return new Promise((resolve) => waiters.push({ method, resolve }))
    },
    nextListen() {
      return new Promise((resolve) =>
        waiters.push({
          method: 'subscriptions/listen',
          resolve: (request) => resolve(request as ScriptedListen),
        }),
      )
    },
    calls: (method) => requests.filter((request) => request.method === method),
    async close() {
      await Promise.allSettled(connections.map((connection) => connection.drop()))
    },
  }
}
