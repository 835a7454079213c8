// Time slicing for long work on the main thread (indexing, tree building, row building):
// run in slices of a few milliseconds and let the browser handle input and paint between
// them. `scheduler.yield()` where the browser has it (the continuation keeps its priority),
// else a MessageChannel task (no 4 ms clamp like nested setTimeout); `background` work
// waits until the user has paused (no key, click or scroll for INPUT_QUIET_MS), then for
// `scheduler.postTask` at background priority, else requestIdleCallback, else a timeout.
// The environment is injected so tests drive it by hand.

import { type InputQuiet, sharedInputQuiet } from './inputQuiet.ts'

/** What the slicer needs from the environment (each part defaults to the global). */
export interface TimeSlicingEnvironment {
  /** @default performance.now */
  now?: () => number
  /** Resolves at the next chance to continue (a macrotask). @default scheduler.yield or a MessageChannel task */
  yieldToMain?: () => Promise<void>
  /** Resolves when the main thread is idle. @default input quiet for 300 ms, then scheduler.postTask background, requestIdleCallback, or setTimeout */
  whenIdle?: () => Promise<void>
}

export interface TimeSlicerOptions extends TimeSlicingEnvironment {
  /** Work this long before yielding. @default 8 */
  sliceMs?: number
}

/** Cooperative slices: call `pause()` between units of work; it yields once the slice is spent. */
export interface TimeSlicer {
  /** Yields (and starts a new slice) when the current slice is spent; aborting rejects. */
  pause(signal?: AbortSignal): Promise<void> | undefined
  /** Whether the current slice is spent (for loops that yield themselves). */
  readonly spent: boolean
  /** Yields now and starts a new slice. */
  yield(signal?: AbortSignal): Promise<void>
  /** Waits until the user has paused and the thread is idle (background work), then starts a new slice. */
  idle(signal?: AbortSignal): Promise<void>
}

interface GlobalScheduler {
  yield?: () => Promise<void>
  postTask?: (callback: () => void, options: { priority: string }) => Promise<void>
}

function globalScheduler(): GlobalScheduler | undefined {
  return (globalThis as { scheduler?: GlobalScheduler }).scheduler
}

/** A macrotask: scheduler.yield() where present, else a MessageChannel message, else a timeout. */
export function defaultYieldToMain(): Promise<void> {
  const scheduler = globalScheduler()
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(null)
    })
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** An idle period: background-priority task, else requestIdleCallback, else a timeout. */
export function idlePeriod(): Promise<void> {
  const scheduler = globalScheduler()
  if (typeof scheduler?.postTask === 'function') {
    return scheduler.postTask(() => {}, { priority: 'background' })
  }
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: object) => number })
    .requestIdleCallback
  if (typeof idle === 'function') {
    return new Promise((resolve) => idle(() => resolve(), { timeout: 1000 }))
  }
  return new Promise((resolve) => setTimeout(resolve, 16))
}

/** Waits for an idle period that comes after the user has paused (see `inputQuiet.ts`). */
export function createWhenIdle(
  input: InputQuiet,
  waitForIdlePeriod: () => Promise<void> = idlePeriod,
): () => Promise<void> {
  return async () => {
    // An idle period can open between two keys: wait again if input came meanwhile.
    do {
      await input.settled()
      await waitForIdlePeriod()
    } while (!input.quiet)
  }
}

/** The page's idle wait: input quiet for INPUT_QUIET_MS, then an idle period. */
export function defaultWhenIdle(): Promise<void> {
  defaultIdle ??= createWhenIdle(sharedInputQuiet())
  return defaultIdle()
}

let defaultIdle: (() => Promise<void>) | undefined

function abortable(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait
  signal.throwIfAborted()
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    wait.then(
      () => {
        signal.removeEventListener('abort', onAbort)
        if (signal.aborted) reject(signal.reason)
        else resolve()
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** Creates a slicer: `await slicer.pause(signal)` between units of work. */
export function createTimeSlicer(options: TimeSlicerOptions = {}): TimeSlicer {
  const now = options.now ?? (() => performance.now())
  const yieldToMain = options.yieldToMain ?? defaultYieldToMain
  const whenIdle = options.whenIdle ?? defaultWhenIdle
  const sliceMs = options.sliceMs ?? 8
  let sliceStart = now()
  const slicer: TimeSlicer = {
    get spent() {
      return now() - sliceStart >= sliceMs
    },
    pause(signal) {
      signal?.throwIfAborted()
      return slicer.spent ? slicer.yield(signal) : undefined
    },
    async yield(signal) {
      await abortable(yieldToMain(), signal)
      sliceStart = now()
    },
    async idle(signal) {
      await abortable(whenIdle(), signal)
      sliceStart = now()
    },
  }
  return slicer
}
