import { describe, expect, it } from 'vitest'
import { Progress } from '../progress.ts'

function setup(isTTY: boolean, options: { maxPages?: number } = {}) {
  let time = 0
  const chunks: string[] = []
  const stream = {
    isTTY,
    write: (chunk: string | Uint8Array) => {
      chunks.push(String(chunk))
      return true
    },
  }
  const progress = new Progress({
    stream,
    label: 'resources',
    now: () => time,
    delayMs: 400,
    intervalMs: 100,
    ...options,
  })
  return { progress, chunks, advance: (ms: number) => (time += ms) }
}

describe('Progress', () => {
  it('stays silent during a short walk', () => {
    const { progress, chunks, advance } = setup(true)
    advance(100)
    progress.update(3, 300)
    progress.done()
    expect(chunks).toEqual([])
  })

  it('draws on a terminal once the walk is long, throttled, and erases itself', () => {
    const { progress, chunks, advance } = setup(true)
    advance(500)
    progress.update(5, 5000)
    advance(10)
    progress.update(6, 6000)
    advance(200)
    progress.update(7, 7000)
    progress.done()
    expect(chunks).toEqual([
      '\r\u001b[Klisting resources… 5 pages · 5,000 resources',
      '\r\u001b[Klisting resources… 7 pages · 7,000 resources',
      '\r\u001b[K',
    ])
  })

  it('never draws into a pipe', () => {
    const { progress, chunks, advance } = setup(false)
    advance(10_000)
    progress.update(100, 10_000)
    progress.done()
    expect(chunks).toEqual([])
  })

  it('draws a bar against a page limit', () => {
    const { progress } = setup(true, { maxPages: 10 })
    expect(progress.render(5, 50)).toBe('[##########----------] 5 pages · 50 resources')
  })
})
