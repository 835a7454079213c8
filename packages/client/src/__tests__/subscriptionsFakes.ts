// Small in-memory Sessions for unit tests of the subscription state machine (the
// integration tests use real servers). They record what the engine asks for, in order.
import { McpRequestError } from '../errors.ts'
import { createNotificationIntake, type NotificationIntake } from '../notificationIntake.ts'
import type {
  ListenHandle,
  Session,
  SessionInfo,
  SessionNotification,
  SubscriptionFilter,
} from '../session.ts'
import type { SubscriptionHost } from '../subscriptions.ts'

export interface FakeListen {
  filter: SubscriptionFilter
  honored: SubscriptionFilter
  onNotification: (notification: SessionNotification) => void
  closedBy?: 'local' | 'graceful' | 'remote'
  end(reason: 'graceful' | 'remote'): void
  /** Send a notification on this stream. */
  send(method: string, params?: Record<string, unknown>): void
}

export class FakeSession implements Session {
  readonly info: SessionInfo
  readonly log: string[] = []
  readonly listens: FakeListen[] = []
  readonly requests: { method: string; params: Record<string, unknown> }[] = []
  /** What the server acknowledges for a filter. @default everything asked */
  honor: (filter: SubscriptionFilter) => SubscriptionFilter = (filter) => structuredClone(filter)
  /** Makes `listen` reject (e.g. an McpRequestError with -32601). */
  listenError?: Error
  /** Answers `request`; throw to fail it. */
  answer: (method: string, params: Record<string, unknown>) => Record<string, unknown> = () => ({})
  readonly #notificationListeners = new Set<(n: SessionNotification) => void>()
  readonly #closeListeners = new Set<(error?: Error) => void>()
  #closed = false

  constructor(
    era: 'modern' | 'legacy' = 'modern',
    resources = { subscribe: true, listChanged: true },
  ) {
    this.info = {
      era,
      protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
      capabilities: { resources },
    }
  }

  get isDropped(): boolean {
    return this.#closed
  }

  get openListens(): FakeListen[] {
    return this.listens.filter((l) => !l.closedBy)
  }

  async request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.#closed) throw new Error('session closed')
    this.requests.push({ method, params })
    this.log.push(`${method} ${String(params.uri ?? '')}`.trim())
    return this.answer(method, params)
  }

  async listen(
    filter: SubscriptionFilter,
    onNotification: (notification: SessionNotification) => void,
  ): Promise<ListenHandle> {
    if (this.#closed) throw new Error('session closed')
    if (this.listenError) throw this.listenError
    let settle!: (reason: 'local' | 'graceful' | 'remote') => void
    const closed = new Promise<'local' | 'graceful' | 'remote'>((resolve) => {
      settle = resolve
    })
    const index = this.listens.length
    const listen: FakeListen = {
      filter: structuredClone(filter),
      honored: this.honor(filter),
      onNotification,
      end: (reason) => {
        if (listen.closedBy) return
        listen.closedBy = reason
        this.log.push(`listen#${index} ended ${reason}`)
        settle(reason)
      },
      send: (method, params = {}) => {
        if (!listen.closedBy) onNotification({ method, params })
      },
    }
    this.listens.push(listen)
    this.log.push(`listen#${index} ${JSON.stringify(filter)}`)
    return {
      honored: listen.honored,
      closed,
      close: async () => {
        if (listen.closedBy) return
        listen.closedBy = 'local'
        this.log.push(`listen#${index} closed`)
        settle('local')
      },
    }
  }

  /** How many listeners follow this session's unsolicited notifications. */
  get notificationListeners(): number {
    return this.#notificationListeners.size
  }

  /** Send an unsolicited (legacy) notification. */
  notify(method: string, params: Record<string, unknown> = {}): void {
    for (const listener of this.#notificationListeners) listener({ method, params })
  }

  onNotification(listener: (notification: SessionNotification) => void): () => void {
    this.#notificationListeners.add(listener)
    return () => this.#notificationListeners.delete(listener)
  }

  onClose(listener: (error?: Error) => void): () => void {
    this.#closeListeners.add(listener)
    return () => this.#closeListeners.delete(listener)
  }

  /** The transport drops: every stream ends `remote`, close listeners hear it. */
  drop(): void {
    if (this.#closed) return
    this.#closed = true
    for (const listen of this.listens) listen.end('remote')
    for (const listener of this.#closeListeners) listener(new Error('transport dropped'))
  }

  async close(): Promise<void> {
    this.drop()
  }
}

export const methodNotFound = () => new McpRequestError(-32601, 'Method not found')

/** A host over a list of sessions: each `getSession` after a drop hands out the next one. */
export class FakeHost implements SubscriptionHost {
  readonly invalidated: string[] = []
  /** As the client's: follows each session handed out, invalidates, then tells the engine. */
  readonly intake: NotificationIntake = createNotificationIntake({
    invalidateRead: (uri) => this.invalidateRead(uri),
    invalidateLists: () => this.invalidateLists(),
  })
  readonly #sessions: FakeSession[]
  #index = 0
  /** `getSession` calls so far. */
  connects = 0
  /** Makes the next `getSession` calls reject. */
  failNext = 0

  constructor(sessions: FakeSession[]) {
    this.#sessions = sessions
  }

  get current(): FakeSession {
    return this.#sessions[Math.min(this.#index, this.#sessions.length - 1)] as FakeSession
  }

  async getSession(signal: AbortSignal): Promise<Session> {
    signal.throwIfAborted()
    this.connects++
    if (this.failNext > 0) {
      this.failNext--
      throw new Error('connect refused')
    }
    while (this.#index < this.#sessions.length - 1 && this.current.isDropped) this.#index++
    this.intake.follow(this.current)
    return this.current
  }

  invalidateRead(uri: string): void {
    this.invalidated.push(`read ${uri}`)
  }

  invalidateLists(): void {
    this.invalidated.push('lists')
  }
}

export function fakeHost(...sessions: FakeSession[]): FakeHost {
  return new FakeHost(sessions)
}
