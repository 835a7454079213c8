import { describe, expect, it } from 'vitest'
import {
  WARM_UP_AT,
  WARM_UP_GROWTH,
  WARM_UP_QUIET_MS,
  WARM_UP_ROUNDS,
  WarmUp,
  warmUpQueries,
} from '../warmUp.ts'

/** A warm-up whose clock and tasks the test runs by hand. */
function manual() {
  let time = 0
  const searches: string[] = []
  const tasks: { run: () => void; ms: number }[] = []
  const warm = new WarmUp({
    search: (query) => searches.push(query),
    schedule: (run, ms) => tasks.push({ run, ms }),
    now: () => time,
  })
  /** Runs the next task, moving the clock by its delay. */
  const next = () => {
    const task = tasks.shift()
    if (!task) return false
    time += task.ms
    task.run()
    return true
  }
  const runAll = () => {
    while (next()) {}
  }
  return { warm, searches, tasks, next, runAll, advance: (ms: number) => (time += ms) }
}

const page = [{ name: 'auth-unread.md' }]
const perWarming = warmUpQueries('auth-unread.md').length * WARM_UP_ROUNDS

describe('warmUpQueries', () => {
  it('makes prefixes, two typos and initials from a name', () => {
    expect(warmUpQueries('auth-unread.md')).toEqual([
      'a',
      'au',
      'aut',
      'auth',
      'authu',
      'authun',
      'atuhun',
      // A wrong fifth letter: the typo stage over every word starting with "auth".
      'authq',
      'aum',
    ])
    expect(warmUpQueries('x')).toEqual([])
  })
})

describe('WarmUp', () => {
  it('waits for a large index, then runs its searches one task at a time', () => {
    const { warm, searches, tasks, next, runAll } = manual()
    warm.indexed(WARM_UP_AT - 1, page)
    expect(tasks).toHaveLength(0)
    warm.indexed(WARM_UP_AT, page)
    expect(searches).toHaveLength(0)
    next()
    // One search per task: anything the host was sent meanwhile is answered in between.
    expect(searches).toEqual(['a'])
    expect(tasks).toHaveLength(1)
    runAll()
    expect(searches).toHaveLength(perWarming)
    expect(warm.running).toBe(false)
  })

  it('warms again only once the index has grown enough', () => {
    const { warm, searches, tasks, runAll } = manual()
    warm.indexed(WARM_UP_AT, page)
    runAll()
    warm.indexed(WARM_UP_AT * WARM_UP_GROWTH - 1, page)
    expect(tasks).toHaveLength(0)
    warm.indexed(WARM_UP_AT * WARM_UP_GROWTH, page)
    runAll()
    expect(searches).toHaveLength(perWarming * 2)
  })

  it('runs no throwaway search while someone is searching', () => {
    const { warm, searches, next, advance } = manual()
    warm.indexed(WARM_UP_AT, page)
    next()
    expect(searches).toHaveLength(1)
    warm.searched()
    next()
    // Searched just now: the step waits a quiet period instead of searching.
    expect(searches).toHaveLength(1)
    advance(100)
    warm.searched()
    next()
    expect(searches).toHaveLength(1)
    next()
    expect(searches).toHaveLength(2)
    expect(WARM_UP_QUIET_MS).toBeGreaterThan(100)
  })

  it('makes its queries from the first usable name a server sent, whatever came before it', () => {
    const { warm, searches, runAll } = manual()
    const hostile = [{ name: 42 }, { name: null }, { name: 'x' }, { name: 'auth-unread.md' }]
    warm.indexed(WARM_UP_AT, hostile as unknown as { name: string }[])
    runAll()
    expect(searches.slice(0, 2)).toEqual(['a', 'au'])
    expect(searches).toHaveLength(perWarming)
  })
})
