import { describe, expect, it } from 'vitest'
import { listItemsOf } from '../../collection/index.ts'
import { folderNodeId, resourceNodeId, serverNodeId } from '../../shared/ids.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { buildSourceRows } from '../buildSourceRows.ts'
import { buildSourceTree, listRowsOf } from '../collectionAdapter.ts'

const source: PickerSource = {
  serverId: 's',
  status: 'ready',
  resources: Array.from({ length: 5000 }, (_, i) => ({
    uri: `x://h/${String(i).padStart(4, '0')}`,
    name: `item ${String(i).padStart(4, '0')}`,
  })),
}

describe('list rows, read by index', () => {
  it('builds a row when it is first read, and keeps it', () => {
    const tree = buildSourceTree(source, false)
    const server = tree.servers[0]!
    const items = listItemsOf(server, tree)
    // Watch one node's label: building its row reads it.
    let reads = 0
    const node = items[4000]!
    const label = node.label
    Object.defineProperty(node, 'label', {
      get: () => {
        reads++
        return label
      },
    })

    const run = listRowsOf(source, tree, 1)
    expect(run.length).toBe(5000)
    expect(run.at(0)?.label).toBe('item 0000')
    expect(reads).toBe(0)

    const row = run.at(4000)
    expect(reads).toBe(1)
    expect(row).toMatchObject({ label: 'item 4000', posInSet: 4001, setSize: 5001, depth: 0 })
    expect(run.at(4000)).toBe(row)
    expect(reads).toBe(1)
  })

  it('finds a row by id without building the rows before it', () => {
    const { rows } = buildSourceRows({
      sources: [source],
      view: 'list',
      hits: null,
      expandedIds: new Set(),
      directories: {},
      hideAssistantOnly: false,
    })
    const id = resourceNodeId('s', 'x://h/3000')
    expect(rows.length).toBe(5001)
    expect(rows.indexOf(serverNodeId('s'))).toBe(0)
    expect(rows.indexOf(id)).toBe(3001)
    expect(rows.at(3001)?.id).toBe(id)
    expect(rows.indexOf('no such row')).toBe(-1)
    expect(rows.indexOf(folderNodeId('s', 'x://h'))).toBe(-1)
    expect(rows.indexOf(resourceNodeId('other', 'x://h/3000'))).toBe(-1)
    expect(rows.at(-1)).toBeUndefined()
    expect(rows.at(5001)).toBeUndefined()
  })
})
