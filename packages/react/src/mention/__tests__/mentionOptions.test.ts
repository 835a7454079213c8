import { createTimeSlicer } from '@resource-kit/search'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import {
  createMentionCandidates,
  createMentionSearcher,
  type MentionCandidate,
  mentionCandidates,
  valueOptions,
} from '../mentionOptions.ts'

/** Candidates whose `name` reads are counted: indexing reads every one, a search a few. */
function countedCandidates(count: number, from = 0) {
  const reads = { name: 0, read: new Set<number>() }
  const list = Array.from({ length: count }, (_, k) => {
    const i = from + k
    const key = `r:s:file:///w/f${i}.ts`
    return {
      kind: 'resource',
      key,
      id: key,
      get name() {
        reads.name++
        reads.read.add(i)
        return `file-${i}.ts`
      },
      uri: `file:///w/f${i}.ts`,
      label: `file-${i}.ts`,
      serverId: 's',
      serverName: 'S',
      resource: { uri: `file:///w/f${i}.ts`, name: `file-${i}.ts` },
    } as MentionCandidate
  })
  return { list, reads }
}

/** A slicer that never waits (idle and yields resolve at once). */
const eager = () =>
  createTimeSlicer({ yieldToMain: async () => {}, whenIdle: async () => {}, now: () => 0 })

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo',
    status: 'ready',
    resources: [
      { uri: 'file:///w/README.md', name: 'README.md' },
      { uri: 'file:///w/src/main.ts', name: 'main.ts', title: 'Main entry' },
      { uri: 'log://app/tail', name: 'tail' },
    ],
    templates: [
      { uriTemplate: 'db://{schema}/{table}', name: 'database-table', title: 'Database table' },
    ],
  },
  {
    serverId: 'docs',
    status: 'ready',
    resources: [{ uri: 'file:///d/readme-guide.md', name: 'readme-guide.md' }],
  },
]

describe('mentionOptions', () => {
  it('keys candidates so no server id or URI can make two of them equal', () => {
    const source = (serverId: string, uri: string): PickerSource => ({
      serverId,
      serverName: serverId,
      status: 'ready',
      resources: [{ uri, name: uri }],
    })
    // Joined with a bare ':' these two would both read `r:a:b:c`.
    const keys = mentionCandidates([source('a:b', 'c'), source('a', 'b:c')]).map((c) => c.key)
    expect(new Set(keys).size).toBe(2)
  })

  it('lists templates first, then resources, labelled by title or name', () => {
    const labels = mentionCandidates(sources).map((c) => `${c.kind}:${c.label}:${c.serverName}`)
    expect(labels).toEqual([
      'template:Database table:Demo',
      'resource:README.md:Demo',
      'resource:Main entry:Demo',
      'resource:tail:Demo',
      'resource:readme-guide.md:docs',
    ])
  })

  it('shows everything in scope for an empty query, with an exact count', () => {
    const search = createMentionSearcher(2)
    const candidates = mentionCandidates(sources)
    const all = search(candidates, { text: '' })
    expect(all).toMatchObject({ total: 5, exact: true, more: true })
    expect(all.options).toHaveLength(2)
    const docs = search(candidates, { serverId: 'docs', text: '' })
    expect(docs.options.map((o) => o.label)).toEqual(['readme-guide.md'])
    expect(docs).toMatchObject({ total: 1, exact: true, more: false })
  })

  it('searches fuzzily, within the scope when there is one', () => {
    const search = createMentionSearcher(10)
    const candidates = mentionCandidates(sources)
    expect(search(candidates, { text: 'readme' }).options.map((o) => o.label)).toEqual(
      expect.arrayContaining(['README.md', 'readme-guide.md']),
    )
    expect(
      search(candidates, { serverId: 'demo', text: 'readme' }).options.map((o) => o.label),
    ).toEqual(['README.md'])
    expect(search(candidates, { text: 'database' }).options[0]?.kind).toBe('template')
  })

  it('builds the index ahead (prepare), so the first search indexes nothing', async () => {
    const { list, reads } = countedCandidates(3000)
    const search = createMentionSearcher(10)
    await search.prepare(list, eager(), new AbortController().signal)
    expect(reads.name).toBeGreaterThanOrEqual(3000)
    reads.name = 0
    expect(search(list, { text: 'file-2999' }).options[0]?.label).toBe('file-2999.ts')
    // Ranking reads the few candidates it ranks, not all 3,000.
    expect(reads.name).toBeLessThan(500)
  })

  it('indexes only the new candidates when the list grew by a page', async () => {
    const first = countedCandidates(3000)
    const search = createMentionSearcher(10)
    await search.prepare(first.list, eager(), new AbortController().signal)
    first.reads.name = 0
    const page = countedCandidates(100, 3000)
    const grown = [...first.list, ...page.list]
    await search.prepare(grown, eager(), new AbortController().signal)
    expect(first.reads.name).toBe(0)
    expect(page.reads.name).toBeGreaterThanOrEqual(100)
    expect(search(grown, { text: 'file-3050' }).options[0]?.label).toBe('file-3050.ts')
  })

  it('stops preparing when aborted', async () => {
    const { list, reads } = countedCandidates(3000)
    const search = createMentionSearcher(10)
    const controller = new AbortController()
    const slicer = createTimeSlicer({
      whenIdle: async () => {},
      yieldToMain: async () => controller.abort(new Error('superseded')),
    })
    await expect(search.prepare(list, slicer, controller.signal)).rejects.toThrow('superseded')
    // One slice (1,000 candidates) was indexed, then it stopped.
    expect(reads.read.size).toBe(1000)
  })

  it('reuses the candidates of a server whose list only grew', () => {
    const candidatesOf = createMentionCandidates()
    const one = sources[0]!
    const before = candidatesOf([one])
    const grown = { ...one, resources: [...one.resources, { uri: 'x://n', name: 'new' }] }
    const after = candidatesOf([grown])
    expect(after.slice(0, before.length)).toEqual(before)
    for (const [i, candidate] of before.entries()) expect(after[i]).toBe(candidate)
    expect(after.at(-1)?.label).toBe('new')
    // A reload that changed an earlier resource builds that server's candidates again.
    const changed = { ...one, resources: [{ uri: 'x://other', name: 'other' }] }
    expect(candidatesOf([changed]).map((c) => c.label)).toEqual(['Database table', 'other'])
  })

  it('offers completion values first and what was typed last, once', () => {
    expect(valueOptions(['users', 'orders', 'users'], 'us').map((o) => o.label)).toEqual([
      'users',
      'orders',
      'us',
    ])
    expect(valueOptions(['users'], 'users').map((o) => o.label)).toEqual(['users'])
    expect(valueOptions([], '')).toEqual([])
  })

  it('offers to skip an optional variable while nothing is typed', () => {
    expect(valueOptions(['1', '2'], '', true).map((o) => o.label)).toEqual(['1', '2', 'Skip'])
    expect(valueOptions(['1'], '3', true).map((o) => o.label)).toEqual(['1', '3'])
  })
})
