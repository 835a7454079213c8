// A fresh worker runs its first searches in V8's interpreter and baseline code: at 100,000
// items the first keystrokes took 20-35 ms each in Node and in Chromium's worker, where the
// same searches take 3-8 ms once V8 has optimized the stages (bench/ figures in the commit).
// So as the index grows, the host runs a few throwaway searches, one per task, made from a
// name it indexed: the user's first keystrokes find the search warm.

/** Items the index holds before warming is worth it (below, every search is cheap anyway). */
export const WARM_UP_AT = 1000

/** Each warm-up query runs this many times (V8 optimizes after a few hot runs). */
export const WARM_UP_ROUNDS = 3

/** The index grows this many times over before it is warmed again (1,000, 8,000, 64,000 items). */
export const WARM_UP_GROWTH = 8

/** Between two warm-up searches: the host answers what came meanwhile first. */
export const WARM_UP_GAP_MS = 20

/** How long searching pauses before a throwaway search runs: none while someone types. */
export const WARM_UP_QUIET_MS = 500

/** The start of a name the queries are made from (they use its first six letters). */
const MAX_NAME_READ = 64

/** Throwaway queries made from one indexed name: prefixes, two typos, initials. */
export function warmUpQueries(name: string): string[] {
  const word = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (word.length < 3) return []
  const prefixes = Array.from({ length: Math.min(word.length, 6) }, (_, i) => word.slice(0, i + 1))
  // Two letters swapped: the typo stage.
  const typo = word.length >= 5 ? `${word[0]}${word[2]}${word[1]}${word.slice(3, 6)}` : undefined
  // A wrong fifth letter: nothing contains it, so the typo stage checks every word that
  // starts like it, as a user's first typo does (then abbreviations, URIs, descriptions).
  const wrong = word.length >= 5 ? `${word.slice(0, 4)}${word[4] === 'q' ? 'x' : 'q'}` : undefined
  const initials = name
    .split(/[^A-Za-z0-9]+|(?=[A-Z])/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]?.toLowerCase())
    .join('')
  return [
    ...prefixes,
    ...(typo ? [typo] : []),
    ...(wrong ? [wrong] : []),
    ...(initials.length >= 2 ? [initials] : []),
  ]
}

export interface WarmUpOptions {
  /** Runs one throwaway search. */
  search: (query: string) => void
  /** Runs `run` after `ms`. @default setTimeout */
  schedule?: (run: () => void, ms: number) => void
  /** @default performance.now */
  now?: () => number
}

/**
 * Warms a host's search: tell it when the index changes and when it searches. It warms once
 * the index holds WARM_UP_AT items, and again each time it has grown WARM_UP_GROWTH times
 * over (code V8 optimized at 1,000 items is not yet as fast at 100,000, and a walk grows the
 * index for many seconds), never while someone is typing: a real search puts the next
 * throwaway one off.
 */
export class WarmUp {
  readonly #search: (query: string) => void
  readonly #schedule: (run: () => void, ms: number) => void
  readonly #now: () => number
  #queries: string[] | undefined
  #warmedAt = 0
  #queue: string[] = []
  #running = false
  #lastSearch = Number.NEGATIVE_INFINITY

  constructor(options: WarmUpOptions) {
    this.#search = options.search
    this.#schedule = options.schedule ?? ((run, ms) => setTimeout(run, ms))
    this.#now = options.now ?? (() => performance.now())
  }

  /** Whether throwaway searches are left to run. */
  get running(): boolean {
    return this.#running
  }

  /** After an index change: warms when the index is large and has grown enough since the last warming. */
  indexed(size: number, items: readonly { name: string }[]): void {
    for (const item of items) {
      if (this.#queries !== undefined) break
      // Names come from servers: skip what is not a string, read only the start of a long one.
      if (typeof item.name !== 'string') continue
      const queries = warmUpQueries(item.name.slice(0, MAX_NAME_READ))
      if (queries.length > 0) this.#queries = queries
    }
    if (this.#queries === undefined || size < WARM_UP_AT || size < this.#warmedAt * WARM_UP_GROWTH)
      return
    this.#warmedAt = size
    this.#queue = Array.from({ length: WARM_UP_ROUNDS }, () => this.#queries ?? []).flat()
    if (this.#running) return
    this.#running = true
    this.#schedule(() => this.#step(), WARM_UP_GAP_MS)
  }

  /** A real search: the next throwaway one waits until searching has paused. */
  searched(): void {
    this.#lastSearch = this.#now()
  }

  #step(): void {
    const wait = this.#lastSearch + WARM_UP_QUIET_MS - this.#now()
    const typing = wait > 0
    if (!typing) {
      const query = this.#queue.shift()
      if (query === undefined) {
        this.#running = false
        return
      }
      this.#search(query)
    }
    this.#schedule(() => this.#step(), typing ? wait : WARM_UP_GAP_MS)
  }
}
