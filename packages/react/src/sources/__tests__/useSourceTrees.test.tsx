// The side tree follows its server's feed between renders: the pages that arrive are in it
// before the next render, which then appends nothing.
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ResourceTree } from '../../collection/index.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { SourceFeed } from '../sourceFeed.ts'
import { useSourceTrees } from '../useSourceTrees.ts'
import { memoryResources, resourcePages, walk } from './listPasses.ts'

const resourcesIn = (tree: ResourceTree | undefined) =>
  [...(tree?.nodes.values() ?? [])].filter((node) => node.kind === 'resource').length

describe('useSourceTrees', () => {
  it('takes the pages that arrive between renders into the tree', async () => {
    const server = memoryResources(resourcePages(1000))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await server.list.load({ pages: 1 })
    // The sources as last published: the first page only.
    const first: PickerSource = {
      serverId: 's',
      serverName: 'S',
      status: 'ready',
      resources: feed.resources,
      changes: feed.changes,
    }
    const view = renderHook(({ sources }) => useSourceTrees(sources, false), {
      initialProps: { sources: [first] as readonly PickerSource[] },
    })
    expect(resourcesIn(view.result.current.get('s'))).toBe(100)
    // Nine more pages arrive; nothing is published (no new sources).
    await act(() => walk(server))
    // A render of the same published source (a new array: the memo runs again) shows them.
    view.rerender({ sources: [first] })
    expect(resourcesIn(view.result.current.get('s'))).toBe(1000)
    view.unmount()
  })
})
