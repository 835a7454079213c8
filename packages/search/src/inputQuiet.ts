// Background work waits for the user: a walk, a revalidation or a list-order merge that
// starts between two keystrokes takes the CPU the next keystroke needs (two cores, a
// search worker and the main thread's render already share them). An idle callback alone
// fires in every gap between keys; this also waits until no key, click or scroll came
// for `quietMs`.

/** Background work starts this long after the last key, pointer press or wheel turn. */
export const INPUT_QUIET_MS = 300

/** The events that mean someone is at the keyboard or the pointer. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const

export interface InputQuietOptions {
  /** Where input events arrive (capture phase). @default globalThis where it is a window */
  target?: EventTarget
  /** @default INPUT_QUIET_MS */
  quietMs?: number
  /** @default performance.now */
  now?: () => number
  /** @default setTimeout */
  sleep?: (ms: number) => Promise<void>
}

/** Tracks the last input and waits for a quiet period. */
export interface InputQuiet {
  /** Resolves once no input has come for `quietMs` (at once when none came lately). */
  settled(): Promise<void>
  /** Whether no input has come for `quietMs`. */
  readonly quiet: boolean
  /** Stops listening. */
  dispose(): void
}

export function createInputQuiet(options: InputQuietOptions = {}): InputQuiet {
  const target = options.target ?? windowTarget()
  const quietMs = options.quietMs ?? INPUT_QUIET_MS
  const now = options.now ?? (() => performance.now())
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let lastInput = Number.NEGATIVE_INFINITY
  const onInput = () => {
    lastInput = now()
  }
  const listening = { capture: true, passive: true } as const
  for (const type of INPUT_EVENTS) target?.addEventListener(type, onInput, listening)
  const remaining = () => lastInput + quietMs - now()
  return {
    get quiet() {
      return remaining() <= 0
    },
    async settled() {
      // Input during the sleep moves the end: sleep again for what is left.
      for (let wait = remaining(); wait > 0; wait = remaining()) await sleep(wait)
    },
    dispose() {
      for (const type of INPUT_EVENTS) target?.removeEventListener(type, onInput, listening)
    },
  }
}

/** The page's window; none in a worker or in Node (no input arrives there). */
function windowTarget(): EventTarget | undefined {
  const global = globalThis as { document?: unknown; addEventListener?: unknown }
  return typeof global.document === 'object' && typeof global.addEventListener === 'function'
    ? (globalThis as unknown as EventTarget)
    : undefined
}

let shared: InputQuiet | undefined

/** One tracker per page, started by the first background wait. */
export function sharedInputQuiet(): InputQuiet {
  shared ??= createInputQuiet()
  return shared
}
