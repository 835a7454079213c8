// The one seeded PRNG of the repository (mulberry32), for generated fixtures: the demo
// server's workspace, the search tests' resources, the stories' big lists. Imported as
// `@resource-kit/test-utils/prng`, a subpath without Node dependencies, so browser code
// (stories) can use it too.

/** A small deterministic pseudo-random generator (mulberry32), seeded from a number or string. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** `true` with probability `p`. */
  chance(p: number): boolean
}

/** FNV-1a: turns any string into a 32-bit seed. */
export function hashSeed(value: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

// A class rather than closures: generators are made per file, 100,000 times at start-up.
class Mulberry32 implements Prng {
  #state: number
  constructor(seed: number) {
    this.#state = seed
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }
  chance(p: number): boolean {
    return this.next() < p
  }
}

export function createPrng(seed: number | string): Prng {
  return new Mulberry32(typeof seed === 'number' ? seed >>> 0 : hashSeed(seed))
}
