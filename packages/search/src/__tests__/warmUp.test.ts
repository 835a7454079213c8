import { describe, expect, it } from 'vitest'
import { WARM_UP_AT, WARM_UP_ROUNDS, WarmUp, warmUpQueries } from '../warmUp.ts'

/** A warm-up whose tasks the test runs by hand. */
function manual() {
  const searches: string[] = []
  const tasks: (() => void)[] = []
  const warm = new WarmUp({
    search: (query) => searches.push(query),
    schedule: (run) => tasks.push(run),
  })
  const runTasks = () => {
    while (tasks.length > 0) tasks.shift()?.()
  }
  return { warm, searches, tasks, runTasks }
}

const page = [{ name: 'auth-unread.md' }]

describe('warmUpQueries', () => {
  it('makes prefixes, a typo and initials from a name', () => {
    expect(warmUpQueries('auth-unread.md')).toEqual([
      'a',
      'au',
      'aut',
      'auth',
      'authu',
      'authun',
      'atuhun',
      'aum',
    ])
    expect(warmUpQueries('x')).toEqual([])
  })
})

describe('WarmUp', () => {
  it('waits for a large index, then runs its searches one task at a time', () => {
    const { warm, searches, tasks, runTasks } = manual()
    warm.indexed(WARM_UP_AT - 1, page)
    expect(tasks).toHaveLength(0)
    warm.indexed(WARM_UP_AT, page)
    expect(searches).toHaveLength(0)
    tasks.shift()?.()
    // One search per task: anything the host was sent meanwhile is answered in between.
    expect(searches).toEqual(['a'])
    expect(tasks).toHaveLength(1)
    runTasks()
    expect(searches).toHaveLength(warmUpQueries('auth-unread.md').length * WARM_UP_ROUNDS)
    expect(warm.done).toBe(true)
    // Once per host: more pages start nothing.
    warm.indexed(WARM_UP_AT * 2, page)
    expect(tasks).toHaveLength(0)
  })

  it('counts real searches toward the warm-up and stops early', () => {
    const { warm, searches, runTasks } = manual()
    warm.indexed(WARM_UP_AT, page)
    const total = warmUpQueries('auth-unread.md').length * WARM_UP_ROUNDS
    for (let i = 0; i < total - 2; i++) warm.searched()
    runTasks()
    expect(searches).toHaveLength(2)
    expect(warm.done).toBe(true)
  })
})
