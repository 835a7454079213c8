// One configured server: its Session (opened by the factory, again on reconnect), its
// status as an immutable snapshot, and the hooks others use to reach the live Session
// (`getSession`) and to hear when it is replaced (`onSession`). The subscription engine
// uses both; so do list / read calls.

import { abortReason, withSignal } from './abortable.ts'
import {
  AuthRequiredError,
  ConnectionError,
  ResourceKitError,
  ServerNotReadyError,
} from './errors.ts'
import type { Session, SessionConnectOptions, SessionFactory } from './session.ts'
import { SessionExpiredError } from './sessionExpiredError.ts'
import type { ServerSnapshot, ServerStatus } from './types.ts'

export interface ServerConnectionOptions {
  id: string
  factory: SessionFactory
  connectOptions: Omit<SessionConnectOptions, 'signal' | 'serverId'>
  /** Called after every snapshot change. */
  onChange: () => void
  logger?: Pick<Console, 'debug' | 'warn' | 'error'>
  /** Adds to every snapshot what the connection does not own (an OAuth server's sign-in). */
  decorate?: (snapshot: ServerSnapshot) => ServerSnapshot
}

export class ServerConnection {
  readonly id: string
  readonly #options: ServerConnectionOptions
  #snapshot: ServerSnapshot
  #session?: Session
  #connecting?: Promise<Session>
  #abort?: AbortController
  #offClose?: () => void
  /** True once a Session was adopted: later connects are reconnects. */
  #hadSession = false
  readonly #sessionListeners = new Set<(session: Session | undefined) => void>()

  constructor(options: ServerConnectionOptions) {
    this.id = options.id
    this.#options = options
    const initial: ServerSnapshot = { id: options.id, status: 'connecting' }
    this.#snapshot = options.decorate ? options.decorate(initial) : initial
  }

  get snapshot(): ServerSnapshot {
    return this.#snapshot
  }

  /** The live Session, if the server is ready. */
  get session(): Session | undefined {
    return this.#session
  }

  /**
   * The live Session; waits while connecting, and reconnects (once, shared by concurrent
   * callers) when the last connection failed or dropped. Rejects when the server was
   * removed, needs authorization, or the reconnect fails.
   */
  async getSession(signal?: AbortSignal): Promise<Session> {
    if (this.#session) return this.#session
    const status = this.#snapshot.status
    if (status === 'closed') throw new ServerNotReadyError(this.id, status)
    if (status === 'needs-auth')
      throw this.#snapshot.error ?? new ServerNotReadyError(this.id, status)
    const pending = this.#connecting ?? this.connect()
    return withSignal(pending, signal)
  }

  /** Called with each new Session after a (re)connect, and with undefined when it is lost. */
  onSession(listener: (session: Session | undefined) => void): () => void {
    this.#sessionListeners.add(listener)
    return () => this.#sessionListeners.delete(listener)
  }

  /** Opens a Session (closing any current one first). Never rejects with an unhandled error. */
  connect(): Promise<Session> {
    if (this.#snapshot.status === 'closed') {
      return Promise.reject(new ServerNotReadyError(this.id, 'closed'))
    }
    this.#dropSession()
    this.#abort?.abort()
    const abort = new AbortController()
    this.#abort = abort
    if (this.#hadSession) {
      // What the server was stays visible (era, capabilities) while a new Session opens.
      if (this.#snapshot.status !== 'reconnecting') {
        this.#set({ ...this.#snapshot, status: 'reconnecting' })
      }
    } else if (this.#snapshot.status !== 'connecting' || this.#snapshot.error) {
      this.#set({ id: this.id, status: 'connecting' })
    }
    const attempt = this.#open(abort.signal)
    this.#connecting = attempt
    attempt.catch(() => {}) // the status carries the error; callers awaiting it see it too
    return attempt
  }

  /** Closes the Session and waits for it to end (a stdio server process to exit). */
  async close(): Promise<void> {
    this.#abort?.abort()
    const session = this.#session
    this.#dropSession()
    this.#set({ id: this.id, status: 'closed' })
    this.#sessionListeners.clear()
    await session?.close().catch(() => {})
  }

  async #open(signal: AbortSignal): Promise<Session> {
    try {
      const session = await this.#options.factory({
        ...this.#options.connectOptions,
        serverId: this.id,
        signal,
      })
      if (signal.aborted) {
        await session.close().catch(() => {})
        throw abortReason(signal)
      }
      this.#adopt(session)
      return session
    } catch (error) {
      const err = toError(error, this.id)
      if (!signal.aborted) {
        const status: ServerStatus = err instanceof AuthRequiredError ? 'needs-auth' : 'error'
        this.#set({ id: this.id, status, error: err })
        this.#options.logger?.warn(`resource-kit: ${err.message}`)
      }
      throw err
    } finally {
      if (this.#abort?.signal === signal) this.#connecting = undefined
    }
  }

  #adopt(session: Session): void {
    this.#session = session
    this.#hadSession = true
    const { era, protocolVersion, capabilities, serverInfo, instructions } = session.info
    this.#set({
      id: this.id,
      status: 'ready',
      era,
      protocolVersion,
      capabilities,
      ...(serverInfo && { serverInfo }),
      ...(instructions !== undefined && { instructions }),
    })
    this.#offClose = session.onClose((error) => {
      if (this.#session !== session) return
      this.#session = undefined
      this.#offClose = undefined
      if (error instanceof SessionExpiredError) {
        // The server restarted (2025 HTTP session gone): open a new session now, not on next use.
        this.#snapshot = { ...this.#snapshot, error }
        this.#emitSession(undefined)
        this.connect()
        return
      }
      const lost = new ConnectionError(
        `Lost the connection to server "${this.id}"${error ? `: ${error.message}` : ''}`,
        { serverId: this.id, cause: error },
      )
      this.#set({ ...this.#snapshot, status: 'error', error: lost })
      this.#emitSession(undefined)
    })
    this.#emitSession(session)
  }

  #dropSession(): void {
    const session = this.#session
    if (!session) return
    this.#offClose?.()
    this.#offClose = undefined
    this.#session = undefined
    session.close().catch(() => {})
    this.#emitSession(undefined)
  }

  #emitSession(session: Session | undefined): void {
    for (const listener of this.#sessionListeners) listener(session)
  }

  // AUTH (used by auth/connectOAuth.ts)

  /** Rebuilds the snapshot (the sign-in it shows changed). */
  redecorate(): void {
    this.#set({ ...this.#snapshot })
  }

  /**
   * The server needs (new) authorization while connected (a refused refresh, more scope,
   * sign-out): drops the Session and stays `needs-auth` until the next connect. What was
   * loaded stays in the cache.
   */
  requireAuth(error: Error): void {
    if (this.#snapshot.status === 'closed') return
    this.#dropSession()
    this.#set({ ...this.#snapshot, status: 'needs-auth', error })
  }

  #set(snapshot: ServerSnapshot): void {
    this.#snapshot = this.#options.decorate ? this.#options.decorate(snapshot) : snapshot
    this.#options.onChange()
  }
}

function toError(error: unknown, serverId: string): Error {
  if (error instanceof ResourceKitError) return error
  if (error instanceof Error && error.name === 'AbortError') return error
  const message = error instanceof Error ? error.message : String(error)
  return new ConnectionError(`Could not connect to server "${serverId}": ${message}`, {
    serverId,
    cause: error,
  })
}
