/** Clock functions, injectable so tests and hosts control time. */
export interface LiveDataClock {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** Options of the live parts of the demo. */
export interface LiveDataOptions {
  /** How often `log://app/tail` gets a new line, in ms. @default 2000 */
  logIntervalMs?: number
  /** How often the live file appears or disappears, in ms. @default 30000 */
  fileIntervalMs?: number
  /** Timer functions. @default globalThis.setInterval / clearInterval */
  clock?: LiveDataClock
}

/** What changed; mirrors the SDK's `ServerEvent` kinds. */
export type LiveEvent =
  | { kind: 'resource_updated'; uri: string }
  | { kind: 'resources_list_changed' }

/** The moving parts of the demo: a ticking log and a file that comes and goes. */
export interface LiveData {
  /** Number of log ticks so far. */
  readonly logTick: number
  /** Whether the live file is currently listed. */
  readonly filePresent: boolean
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void
  /** Stops the timers; idempotent. */
  close(): void
}

/** URIs whose changes a {@link LiveData} announces. */
export interface LiveDataTargets {
  readonly logUri: string
  readonly fileUri: string
  readonly folderUri: string
}

export function createLiveData(targets: LiveDataTargets, options: LiveDataOptions = {}): LiveData {
  const clock = options.clock ?? {
    setInterval: (callback: () => void, ms: number) => {
      const handle = globalThis.setInterval(callback, ms)
      // Node: a demo server's timers must not keep an otherwise finished process alive.
      ;(handle as { unref?: () => void }).unref?.()
      return handle
    },
    clearInterval: (handle: unknown) => globalThis.clearInterval(handle as number),
  }
  const listeners = new Set<(event: LiveEvent) => void>()
  let logTick = 0
  let filePresent = false
  const emit = (event: LiveEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch {
        // One failing listener (e.g. a closed connection) must not starve the others.
      }
    }
  }
  const timers = [
    clock.setInterval(() => {
      logTick++
      emit({ kind: 'resource_updated', uri: targets.logUri })
    }, options.logIntervalMs ?? 2000),
    clock.setInterval(() => {
      filePresent = !filePresent
      emit({ kind: 'resources_list_changed' })
      emit({ kind: 'resource_updated', uri: targets.folderUri })
      emit({ kind: 'resource_updated', uri: targets.fileUri })
    }, options.fileIntervalMs ?? 30_000),
  ]
  let closed = false
  return {
    get logTick() {
      return logTick
    },
    get filePresent() {
      return filePresent
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      if (closed) return
      closed = true
      for (const timer of timers) clock.clearInterval(timer)
      listeners.clear()
    },
  }
}
