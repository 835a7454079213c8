import { describe, expect, it } from 'vitest'
import { createCatalog } from '../catalog.ts'
import { compareUris, createDemoContent } from '../content/createDemoContent.ts'
import { createLiveData } from '../liveData.ts'
import { createFakeClock } from './fakeClock.ts'

function setup(count = 500) {
  const content = createDemoContent({ count })
  const clock = createFakeClock()
  const live = createLiveData(
    { logUri: 'log://app/tail', fileUri: 'x', folderUri: 'y' },
    { clock, logIntervalMs: 1000, fileIntervalMs: 1000 },
  )
  return { content, catalog: createCatalog(content, live), showFile: () => clock.tick(1000) }
}

function walk(catalog: ReturnType<typeof setup>['catalog'], limit: number, between?: () => void) {
  const uris: string[] = []
  let after: string | undefined
  for (;;) {
    const { resources, hasMore } = catalog.page(after, limit)
    expect(resources.length).toBeLessThanOrEqual(limit)
    uris.push(...resources.map((resource) => resource.uri))
    if (!hasMore) return uris
    after = resources.at(-1)!.uri
    between?.()
  }
}

describe('createCatalog', () => {
  it('pages through every resource exactly once, in URI order', () => {
    const { content, catalog } = setup()
    const uris = walk(catalog, 37)
    expect(uris).toEqual(content.entries.map((entry) => entry.resource.uri))
  })

  it('lists the live file in its sorted place only while it is present', () => {
    const { content, catalog, showFile } = setup()
    const liveUri = content.workspace.liveFile.resource.uri
    expect(walk(catalog, 50)).not.toContain(liveUri)
    expect(catalog.lookup(liveUri)).toBeUndefined()
    showFile()
    const uris = walk(catalog, 50)
    expect(uris).toHaveLength(content.count + 1)
    expect(uris).toEqual([...uris].sort(compareUris))
    expect(catalog.lookup(liveUri)?.resource.uri).toBe(liveUri)
    expect(catalog.children('live/')?.map((entry) => entry.resource.uri)).toContain(liveUri)
  })

  it('keeps cursors valid while the live file comes and goes (no gaps, no repeats)', () => {
    const { content, catalog, showFile } = setup()
    const uris = walk(catalog, 10, showFile)
    expect(new Set(uris).size).toBe(uris.length)
    const staticUris = content.entries.map((entry) => entry.resource.uri)
    expect(uris.filter((uri) => staticUris.includes(uri))).toEqual(staticUris)
  })

  it('pages after a URI that is not (or no longer) listed', () => {
    const { catalog } = setup()
    const page = catalog.page('file:///workspace/src/zzzz-not-there', 5)
    expect(
      page.resources.every((resource) => resource.uri > 'file:///workspace/src/zzzz-not-there'),
    ).toBe(true)
  })

  it('finds folders with or without the trailing slash, and nothing else', () => {
    const { catalog } = setup()
    expect(catalog.lookup('file:///workspace/src')?.kind).toBe('folder')
    expect(catalog.lookup('file:///workspace')?.kind).toBe('folder')
    expect(catalog.lookup('file:///workspace/src/nope.ts')).toBeUndefined()
    expect(catalog.lookup('db://prod')).toBeUndefined()
    expect(catalog.children('nope/')).toBeUndefined()
  })
})
