// A fresh worker runs its first searches in V8's interpreter and baseline code: at 100,000
// items the first keystrokes took 20-35 ms each in Node and in Chromium's worker, where the
// same searches take 3-8 ms once V8 has optimized the stages (bench/ figures in the commit).
// So once the index is worth it, the host runs a few throwaway searches, one per task while
// it is otherwise idle, made from a name it indexed: the user's first keystrokes find the
// search warm. Real searches count toward the same total.

/** Items the index holds before warming is worth it (below, every search is cheap anyway). */
export const WARM_UP_AT = 1000

/** Each warm-up query runs this many times (V8 optimizes after a few hot runs). */
export const WARM_UP_ROUNDS = 3

/** Between two warm-up searches: the host answers what came meanwhile first. */
export const WARM_UP_GAP_MS = 20

/** Throwaway queries made from one indexed name: prefixes, a typo, initials. */
export function warmUpQueries(name: string): string[] {
  const word = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (word.length < 3) return []
  const prefixes = Array.from({ length: Math.min(word.length, 6) }, (_, i) => word.slice(0, i + 1))
  // Two letters swapped: the typo stage.
  const typo = word.length >= 5 ? `${word[0]}${word[2]}${word[1]}${word.slice(3, 6)}` : undefined
  const initials = name
    .split(/[^A-Za-z0-9]+|(?=[A-Z])/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]?.toLowerCase())
    .join('')
  return [...prefixes, ...(typo ? [typo] : []), ...(initials.length >= 2 ? [initials] : [])]
}

export interface WarmUpOptions {
  /** Runs one throwaway search. */
  search: (query: string) => void
  /** @default setTimeout */
  schedule?: (run: () => void, ms: number) => void
}

/** Warms a host's search once per host; tell it when the index changes and when it searches. */
export class WarmUp {
  readonly #search: (query: string) => void
  readonly #schedule: (run: () => void, ms: number) => void
  #queue: string[] | undefined
  #left = Number.POSITIVE_INFINITY

  constructor(options: WarmUpOptions) {
    this.#search = options.search
    this.#schedule = options.schedule ?? ((run, ms) => setTimeout(run, ms))
  }

  /** Whether every warm-up search has run (or as many real ones). */
  get done(): boolean {
    return this.#left <= 0
  }

  /** After an index change: starts warming once the index holds WARM_UP_AT items. */
  indexed(size: number, items: readonly { name: string }[]): void {
    if (this.#queue !== undefined || this.done || size < WARM_UP_AT) return
    const queries = items.map((item) => warmUpQueries(item.name)).find((q) => q.length > 0)
    if (!queries) return
    this.#queue = Array.from({ length: WARM_UP_ROUNDS }, () => queries).flat()
    this.#left = this.#queue.length
    this.#schedule(() => this.#step(), WARM_UP_GAP_MS)
  }

  /** A real search: it warms the same code. */
  searched(): void {
    this.#left--
  }

  #step(): void {
    const query = this.#queue?.shift()
    if (this.done || query === undefined) return
    this.#left--
    this.#search(query)
    this.#schedule(() => this.#step(), WARM_UP_GAP_MS)
  }
}
