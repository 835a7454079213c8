// One configured server: its Session (opened by the factory, again on reconnect), its
// status as an immutable snapshot, and the hooks others use to reach the live Session
// (`getSession`) and to hear when it is replaced (`onSession`). The subscription engine
// uses both; so do list / read calls. It also keeps the server's reachability: a session
// whose server stops answering is replaced, with backoff while nothing answers.

import { abortReason, withSignal } from './abortable.ts'
import { type BackoffOptions, backoffDelay } from './backoff.ts'
import {
  AuthRequiredError,
  ConnectionError,
  ResourceKitError,
  ServerNotReadyError,
} from './errors.ts'
import { guardSession, stoppedAnswering } from './guardedSession.ts'
import { DEFAULT_DEADLINES, type RequestDeadlines } from './requestDeadlines.ts'
import { defaultScheduler, type Timers } from './scheduler.ts'
import type { Session, SessionConnectOptions, SessionFactory } from './session.ts'
import { SessionExpiredError } from './sessionExpiredError.ts'
import type { Implementation, ServerSnapshot, ServerStatus } from './types.ts'
import { toIcons } from './validateList.ts'

export interface ServerConnectionOptions {
  id: string
  factory: SessionFactory
  connectOptions: Omit<SessionConnectOptions, 'signal' | 'serverId'>
  /** Called after every snapshot change. */
  onChange: () => void
  logger?: Pick<Console, 'debug' | 'warn' | 'error'>
  /** Adds to every snapshot what the connection does not own (an OAuth server's sign-in). */
  decorate?: (snapshot: ServerSnapshot) => ServerSnapshot
  /** This server's deadlines, resolved. @default DEFAULT_DEADLINES */
  deadlines?: Required<RequestDeadlines>
  /** Waits between reconnect attempts while the server does not answer. @default 500 ms doubling to 30 s */
  backoff?: BackoffOptions
  timers?: Timers
}

/** The longest a check on a server that may have stopped answering waits (or the list deadline, if shorter). */
const PROBE_MS = 5_000

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
  /** The live Session as opened (`#session` is it guarded); the one a check probes. */
  #raw?: Session
  /** The session being checked (one probe at a time). */
  #checking?: Session
  /** Reconnect attempts that found nothing answering, in a row; the next one waits on backoff. */
  #failures = 0
  #retryTimer?: unknown
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
   * callers) when the last connection failed. Rejects when the server was removed, needs
   * authorization, is `offline` (at once: the next attempt comes on its own), or the
   * reconnect fails.
   */
  async getSession(signal?: AbortSignal): Promise<Session> {
    if (this.#session) return this.#session
    const status = this.#snapshot.status
    if (status === 'closed') throw new ServerNotReadyError(this.id, status)
    if (status === 'needs-auth')
      throw this.#snapshot.error ?? new ServerNotReadyError(this.id, status)
    if (status === 'offline') throw new ServerNotReadyError(this.id, status, this.#snapshot.error)
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
    this.#cancelRetry()
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
    this.#cancelRetry()
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
        timeoutMs: this.#deadlines.connectMs,
        ...this.#options.connectOptions,
        serverId: this.id,
        signal,
      })
      if (signal.aborted) {
        await session.close().catch(() => {})
        throw abortReason(signal)
      }
      return this.#adopt(session)
    } catch (error) {
      const err = toError(error, this.id)
      if (!signal.aborted) {
        if (this.#hadSession && stoppedAnswering(err)) {
          // It answered before: keep what it was, and try again on backoff.
          this.#set({ ...this.#snapshot, status: 'offline', error: err })
          this.#scheduleRetry()
        } else {
          const status: ServerStatus = err instanceof AuthRequiredError ? 'needs-auth' : 'error'
          this.#set({ id: this.id, status, error: err })
        }
        this.#options.logger?.warn(`resource-kit: ${err.message}`)
      }
      throw err
    } finally {
      if (this.#abort?.signal === signal) this.#connecting = undefined
    }
  }

  /** Makes `session` the live one; returns it as callers get it (guarded). */
  #adopt(session: Session): Session {
    this.#raw = session
    const guarded = guardSession(session, this.#deadlines, () => this.#check(session))
    this.#session = guarded
    this.#hadSession = true
    this.#failures = 0
    const { era, protocolVersion, capabilities, serverInfo, instructions } = session.info
    this.#set({
      id: this.id,
      status: 'ready',
      era,
      protocolVersion,
      capabilities,
      ...(serverInfo && { serverInfo: withSafeIcons(serverInfo) }),
      ...(instructions !== undefined && { instructions }),
    })
    this.#offClose = session.onClose((error) => {
      if (this.#raw !== session) return
      this.#session = undefined
      this.#raw = undefined
      this.#offClose = undefined
      // A forgotten 2025 session (the server restarted) or a dropped connection (a stdio
      // process exited, an event stream gave up): open a new session now, not on next use.
      const why =
        error instanceof SessionExpiredError
          ? error
          : new ConnectionError(
              `Lost the connection to server "${this.id}"${error ? `: ${error.message}` : ''}`,
              { serverId: this.id, cause: error },
            )
      this.#snapshot = { ...this.#snapshot, error: why }
      this.#emitSession(undefined)
      this.connect()
    })
    this.#emitSession(guarded)
    return guarded
  }

  /**
   * Something suggests the server stopped answering (a deadline passed, the network failed,
   * a listen stream ended): one cheap request tells. If nothing answers that either, the
   * session is replaced (`reconnecting`, then `offline` with backoff until it answers).
   */
  #check(session: Session): void {
    if (this.#raw !== session || this.#checking === session) return
    this.#checking = session
    // `server/discover` is the one request every modern server answers; `ping` a 2025 one.
    const probe = session.info.era === 'modern' ? 'server/discover' : 'ping'
    const timeoutMs = Math.min(PROBE_MS, this.#deadlines.listMs)
    session
      .request(probe, {}, { timeoutMs })
      .then(
        () => {},
        (error: unknown) => {
          // Any answer, even an error, says it is there.
          if (this.#raw !== session || !stoppedAnswering(error)) return
          const message = error instanceof Error ? error.message : String(error)
          const lost = new ConnectionError(`Server "${this.id}" stopped answering: ${message}`, {
            serverId: this.id,
            cause: error,
          })
          this.#options.logger?.warn(`resource-kit: ${lost.message}`)
          this.#snapshot = { ...this.#snapshot, error: lost }
          this.connect()
        },
      )
      .finally(() => {
        if (this.#checking === session) this.#checking = undefined
      })
  }

  #scheduleRetry(): void {
    this.#cancelRetry()
    this.#failures += 1
    const delay = backoffDelay(this.#failures, this.#options.backoff)
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = undefined
      this.connect()
    }, delay)
  }

  #cancelRetry(): void {
    if (this.#retryTimer === undefined) return
    this.#timers.clearTimeout(this.#retryTimer)
    this.#retryTimer = undefined
  }

  get #deadlines(): Required<RequestDeadlines> {
    return this.#options.deadlines ?? DEFAULT_DEADLINES
  }

  get #timers(): Timers {
    return this.#options.timers ?? defaultScheduler
  }

  #dropSession(): void {
    const session = this.#raw
    if (!session) return
    this.#offClose?.()
    this.#offClose = undefined
    this.#session = undefined
    this.#raw = undefined
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
    this.#cancelRetry()
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

/** serverInfo as the server sent it, its icons filtered by the one icon policy (as list icons are). */
function withSafeIcons(serverInfo: Implementation): Implementation {
  if (serverInfo.icons === undefined) return serverInfo
  const { icons, ...rest } = serverInfo
  const safe = toIcons(icons)
  return safe ? { ...rest, icons: safe } : rest
}
