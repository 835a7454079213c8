// The source store of one server applies the client's list changes and logs them in order:
// the tree and the search index take the changes after the version they hold.
import { describe, expect, it } from 'vitest'
import { growResourceTree } from '../../collection/index.ts'
import { SourceFeed } from '../sourceFeed.ts'
import { advanceSourceTree, advanceTreeAhead, type GrowTree } from '../sourceTree.ts'
import { memoryResources, memoryTemplates, resourcePages, revalidate, walk } from './listPasses.ts'

describe('SourceFeed', () => {
  it('appends each page of a walk and logs it', async () => {
    const server = memoryResources(resourcePages(250))
    const templates = memoryTemplates([[]])
    const feed = new SourceFeed()
    feed.follow(server.list, templates.list)
    const start = feed.changes
    await walk(server)
    expect(feed.resources).toHaveLength(250)
    const told = start.since(0) ?? []
    expect(feed.changes.since(start.version)?.map((c) => c.list)).toEqual([
      'resources',
      'resources',
      'resources',
    ])
    expect(told).toEqual([])
    const pages = feed.changes.since(start.version) ?? []
    expect(pages.every((c) => c.list === 'resources' && c.appended)).toBe(true)
  })

  it('logs a revalidation as its patch: added, changed and removed, nothing else', async () => {
    const server = memoryResources(resourcePages(300))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await walk(server)
    const before = feed.changes
    const kept = feed.resources
    // f5 goes, f7 gets a title, f9000 comes.
    server.pages = resourcePages(300).map((page) =>
      page
        .filter((r) => r.uri !== 'file:///w/f5.md')
        .map((r) => (r.uri === 'file:///w/f7.md' ? { ...r, title: 'Seven' } : r)),
    )
    server.pages[2]!.push({ uri: 'file:///w/f9000.md', name: 'file-9000.md' })
    await revalidate(server)
    const told = feed.changes.since(before.version)
    expect(told).toHaveLength(1)
    const patch = told![0]!
    if (patch.list !== 'resources') throw new Error('not a resource change')
    expect(patch.appended).toBe(false)
    expect(patch.added.map((r) => r.uri)).toEqual(['file:///w/f9000.md'])
    expect(patch.changed.map((c) => [c.previous.uri, c.next.title])).toEqual([
      ['file:///w/f7.md', 'Seven'],
    ])
    expect(patch.removed.map((r) => r.uri)).toEqual(['file:///w/f5.md'])
    expect(feed.resources).toHaveLength(300)
    // Unchanged resources are the objects held before (the client's structural sharing).
    expect(feed.resources[0]).toBe(kept[0])
  })

  it('applies template changes from the template pass', async () => {
    const server = memoryResources([[]])
    const templates = memoryTemplates([[{ uriTemplate: 'x://{a}', name: 'a' }]])
    const feed = new SourceFeed()
    feed.follow(server.list, templates.list)
    await walk(templates)
    expect(feed.templates.map((t) => t.name)).toEqual(['a'])
    const before = feed.changes.version
    templates.pages = [
      [
        { uriTemplate: 'x://{a}', name: 'a' },
        { uriTemplate: 'x://{b}', name: 'b' },
      ],
    ]
    await revalidate(templates)
    expect(feed.templates.map((t) => t.name)).toEqual(['a', 'b'])
    const told = feed.changes.since(before)
    expect(told?.map((c) => c.list === 'templates' && c.added.map((t) => t.name))).toEqual([['b']])
  })

  it('starts again (a reset) when followed again after missing changes', async () => {
    const server = memoryResources(resourcePages(200))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await walk(server)
    feed.stop()
    server.pages = resourcePages(150)
    await revalidate(server)
    // Not following: still the lists as last told.
    expect(feed.resources).toHaveLength(200)
    const before = feed.changes.version
    feed.follow(server.list, undefined)
    expect(feed.resources).toHaveLength(150)
    expect(feed.changes.since(before)).toEqual([{ list: 'reset' }])
    // A consumer from before the reset cannot follow the log: it starts again.
    expect(feed.changes.since(0)).toBeUndefined()
  })
})

describe('SourceFeed followers', () => {
  it('hears each change as it is logged, with the log’s place then', async () => {
    const server = memoryResources(resourcePages(250))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    const heard: number[] = []
    const off = feed.changes.follow?.((now) => heard.push(now.version))
    await walk(server)
    expect(heard).toEqual([1, 2, 3])
    expect(feed.changes.version).toBe(3)
    off?.()
    server.pages = resourcePages(260)
    await revalidate(server)
    expect(heard).toEqual([1, 2, 3])
  })
})

describe('advanceTreeAhead', () => {
  /** growResourceTree, counting the resources each tree is given to append. */
  function countingGrow() {
    const counts = { appended: 0, builds: 0 }
    const grow: GrowTree = (source, options) => {
      counts.builds++
      const growing = growResourceTree(source, options)
      return {
        get tree() {
          return growing.tree
        },
        append: (resources) => {
          counts.appended += resources.length
          return growing.append(resources)
        },
        apply: (diff) => growing.apply(diff),
      }
    }
    return { grow, counts }
  }

  const resourceCount = (data: ReturnType<typeof advanceSourceTree>) =>
    [...data.growing.tree.nodes.values()].filter((node) => node.kind === 'resource').length

  it('takes each page as it arrives, and the render appends nothing again', async () => {
    const server = memoryResources(resourcePages(1000))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await server.list.load({ pages: 1 })
    const source = (at: typeof feed.changes) => ({
      serverId: 's',
      status: 'ready' as const,
      resources: feed.resources,
      changes: at,
    })
    const { grow, counts } = countingGrow()
    let held = advanceSourceTree(undefined, source(feed.changes), false, grow)
    feed.changes.follow?.((now) => {
      held = advanceTreeAhead(held, now)
    })
    await walk(server)
    // Ten pages, each appended once as it came: the tree holds them before any render.
    expect(held.version).toBe(feed.changes.version)
    expect(resourceCount(held)).toBe(1000)
    const rendered = advanceSourceTree(held, source(feed.changes), false, grow)
    expect(rendered).toBe(held)
    expect(counts).toEqual({ appended: 900, builds: 1 })
  })

  it('stops at a change that is not a page and leaves it to the render', async () => {
    const server = memoryResources(resourcePages(300))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await walk(server)
    const { grow, counts } = countingGrow()
    const source = () => ({
      serverId: 's',
      status: 'ready' as const,
      resources: feed.resources,
      changes: feed.changes,
    })
    const held = advanceSourceTree(undefined, source(), false, grow)
    // f5 goes, f9000 comes: a patch, not a page.
    server.pages = resourcePages(300).map((page) => page.filter((r) => r.uri !== 'file:///w/f5.md'))
    server.pages[2]!.push({ uri: 'file:///w/f9000.md', name: 'file-9000.md' })
    await revalidate(server)
    expect(advanceTreeAhead(held, feed.changes)).toBe(held)
    const rendered = advanceSourceTree(held, source(), false, grow)
    expect(rendered.version).toBe(feed.changes.version)
    const uris = [...rendered.growing.tree.nodes.values()].flatMap((node) =>
      node.kind === 'resource' ? [node.resource.uri] : [],
    )
    expect(uris).toHaveLength(300)
    expect(uris).toContain('file:///w/f9000.md')
    expect(uris).not.toContain('file:///w/f5.md')
    expect(counts.builds).toBe(1)
  })
})

describe('advanceSourceTree', () => {
  it('keeps a tree that is ahead when an older source renders (no rebuild)', async () => {
    const server = memoryResources(resourcePages(200))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await server.list.load({ pages: 1 })
    const older = {
      serverId: 's',
      status: 'ready' as const,
      resources: feed.resources,
      changes: feed.changes,
    }
    await walk(server)
    const newer = { ...older, resources: feed.resources, changes: feed.changes }
    let builds = 0
    const grow: GrowTree = (source, options) => {
      builds++
      return growResourceTree(source, options)
    }
    const first = advanceSourceTree(undefined, older, false, grow)
    const ahead = advanceSourceTree(first, newer, false, grow)
    expect(builds).toBe(1)
    // A render of the committed sources (older) while the newer ones are in a transition.
    expect(advanceSourceTree(ahead, older, false, grow)).toBe(ahead)
    expect(advanceSourceTree(ahead, newer, false, grow)).toBe(ahead)
    expect(builds).toBe(1)
  })
})
