import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { isAssistantOnly, priorityOf } from '../annotations.ts'
import { buildResourceTree } from '../buildResourceTree.ts'
import { flatList } from '../flatList.ts'

const r = (name: string, annotations?: unknown) =>
  ({ uri: `file:///w/${name}`, name, annotations }) as Resource
const labels = (tree: ReturnType<typeof buildResourceTree>) =>
  flatList(tree)
    .filter((row) => row.depth === 1)
    .map((row) => row.node.label)

describe('ordering and filtering by annotations', () => {
  const resources = [
    r('b-low', { priority: 0.1 }),
    r('a-none'),
    r('c-high', { priority: 0.9 }),
    r('d-broken', { priority: 'high' }),
    r('e-over', { priority: 7 }),
    r('B-half', { priority: 0.5 }),
  ]

  it('sorts by priority (desc; missing or broken = 0.5; clamped to 0…1), then name', () => {
    const tree = buildResourceTree([{ serverId: 's', resources }])
    expect(labels(tree)).toEqual(['e-over', 'c-high', 'a-none', 'B-half', 'd-broken', 'b-low'])
  })

  it('sorts by name only, case-insensitively, when asked', () => {
    const tree = buildResourceTree([{ serverId: 's', resources }], { sort: 'name' })
    expect(labels(tree)).toEqual(['a-none', 'B-half', 'b-low', 'c-high', 'd-broken', 'e-over'])
  })

  it('orders folders before items in the tree, whatever the priority', () => {
    const tree = buildResourceTree([
      {
        serverId: 's',
        resources: [r('top', { priority: 1 }), { uri: 'file:///w/z/inner', name: 'inner' }],
      },
    ])
    const group = tree.servers[0]!.children[0]!
    expect('children' in group && group.children.map((n) => n.label)).toEqual(['z', 'top'])
  })

  it('hides items whose audience is exactly the assistant, and only when asked', () => {
    const items = [
      r('mine', { audience: ['user'] }),
      r('both', { audience: ['user', 'assistant'] }),
      r('model', { audience: ['assistant'] }),
      r('empty', { audience: [] }),
      r('odd', { audience: 'assistant' }),
    ]
    const templates = [
      {
        uriTemplate: 'x://{a}',
        name: 'model-t',
        annotations: { audience: ['assistant' as const] },
      },
    ]
    const hidden = buildResourceTree([{ serverId: 's', resources: items, templates }], {
      hideAssistantOnly: true,
      sort: 'name',
    })
    expect(labels(hidden)).toEqual(['both', 'empty', 'mine', 'odd'])
    const all = buildResourceTree([{ serverId: 's', resources: items, templates }], {
      sort: 'name',
    })
    expect(labels(all)).toEqual(['both', 'empty', 'mine', 'model', 'odd', 'model-t'])
  })

  it('reads annotations of any shape without throwing', () => {
    for (const odd of [null, 1, 'x', { annotations: null }, { annotations: { audience: 5 } }]) {
      expect(priorityOf(odd)).toBe(0.5)
      expect(isAssistantOnly(odd)).toBe(false)
    }
    expect(priorityOf({ annotations: { priority: Number.NaN } })).toBe(0.5)
    expect(priorityOf({ annotations: { priority: -3 } })).toBe(0)
  })
})
