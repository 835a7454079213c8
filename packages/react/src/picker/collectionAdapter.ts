// The one file that turns the collection helpers' nodes (src/collection) into picker
// rows: tree rows via flattenTree (lazy directories through directoryChildren), list rows
// via listItemsOf (made on read), plus a message row under a directory that is loading,
// failed or empty.
import {
  buildResourceTree,
  directoryChildren,
  type FlatRow,
  flattenTree,
  listItemsOf,
  prepareListItems,
  type ResourceTree,
  type Slicer,
  type TreeNode,
} from '../collection/index.ts'
import { folderMessageRowId, resourceNodeId, templateNodeId } from '../shared/ids.ts'
import { serverDownMark } from '../shared/sourceDown.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { PickerRow, RowBase } from './pickerRow.ts'
import { builtRun, type RowRun } from './pickerRows.ts'
import type { DirectoryState } from './pickerStore.ts'

/** One server's tree (built once per resource list). */
export type SourceTree = ResourceTree

/** Builds the collection tree of one server. */
export function buildSourceTree(source: PickerSource, hideAssistantOnly: boolean): SourceTree {
  return buildResourceTree([source], { hideAssistantOnly })
}

function toRow(node: TreeNode, place: RowBase, down: { serverDown?: true }): PickerRow | undefined {
  switch (node.kind) {
    case 'folder':
      return { ...place, kind: 'folder', uri: node.uri }
    case 'directory':
      return { ...place, ...down, kind: 'directory', resource: node.resource }
    case 'resource':
      return { ...place, ...down, kind: 'resource', resource: node.resource }
    case 'template':
      return { ...place, ...down, kind: 'template', template: node.template }
    default:
      return undefined
  }
}

function messageRow(row: PickerRow, state: DirectoryState | undefined): PickerRow | undefined {
  const at = {
    id: folderMessageRowId(row.id),
    serverId: row.serverId,
    depth: row.depth + 1,
    parentId: row.id,
    posInSet: 1,
    setSize: 1,
    hasChildren: false,
    expanded: false,
    directoryId: row.id,
  }
  if (!state || state.status === 'loading') {
    return { ...at, kind: 'message', tone: 'loading', label: 'Loading…' }
  }
  if (state.status === 'error') {
    const why = state.error.message.slice(0, 200)
    return { ...at, kind: 'message', tone: 'error', label: `Could not open: ${why}. Retry` }
  }
  return undefined
}

/** The visible tree rows of one server, below its server row. */
export function treeRowsOf(
  source: PickerSource,
  tree: SourceTree,
  expandedIds: ReadonlySet<string>,
  directories: Readonly<Record<string, DirectoryState>>,
): PickerRow[] {
  const server = tree.servers[0]
  if (!server) return []
  const childrenOf = (node: Extract<TreeNode, { kind: 'directory' }>) => {
    const state = directories[node.id]
    return state?.status === 'loaded'
      ? directoryChildren(node, state.items, tree.options)
      : undefined
  }
  const flat: FlatRow[] = flattenTree(server.children, expandedIds, { childrenOf })
  const down = serverDownMark(source)
  const rows: PickerRow[] = []
  for (const f of flat) {
    const row = toRow(
      f.node,
      {
        id: f.id,
        serverId: source.serverId,
        depth: f.depth + 1,
        parentId: f.parentId ?? server.id,
        posInSet: f.posInSet,
        setSize: f.setSize,
        hasChildren: f.hasChildren,
        expanded: f.expanded,
        label: f.node.label,
      },
      down,
    )
    if (!row) continue
    rows.push(row)
    if (row.kind === 'directory' && row.expanded) {
      const state = directories[row.id]
      const message = messageRow(row, state)
      if (message) rows.push(message)
      else if (state?.status === 'loaded' && childrenOf(f.node as never)?.length === 0) {
        const loading = messageRow(row, undefined)
        if (loading) rows.push({ ...loading, tone: 'empty', label: 'Empty folder' } as PickerRow)
      }
    }
  }
  return rows
}

/** Merges the pages added since the list order was last read, once they are worth a merge (SortedNodes.prepareInSlices). */
export async function prepareListOrder(
  tree: SourceTree,
  slicer: Slicer,
  signal?: AbortSignal,
  all = false,
): Promise<void> {
  const server = tree.servers[0]
  if (server) await prepareListItems(server, slicer, signal, all)
}

/**
 * The flat list rows of one server: resources by priority then name, then templates,
 * numbered as `extra` more siblings (status rows) follow them. Made on read: a row is
 * built the first time it is read (the window reads a screenful), then kept.
 */
export function listRowsOf(source: PickerSource, tree: SourceTree, extra = 0): RowRun {
  const server = tree.servers[0]
  if (!server) return builtRun([])
  const items = listItemsOf(server, tree)
  const setSize = items.length + extra
  const resourcePrefix = resourceNodeId(source.serverId, '')
  const templatePrefix = templateNodeId(source.serverId, '')
  // Rows are kept once made: the caller makes a new run when the server goes down or comes back.
  const down = serverDownMark(source)
  const made = new Map<number, PickerRow>()
  const make = (index: number): PickerRow | undefined => {
    const node = items[index]
    if (!node) return undefined
    const place: RowBase = {
      id: node.id,
      serverId: source.serverId,
      depth: 0,
      parentId: server.id,
      posInSet: index + 1,
      setSize,
      hasChildren: false,
      expanded: false,
      label: node.label,
    }
    // The list does not expand folders: a directory is a resource like any other here.
    if (node.kind === 'resource' || node.kind === 'directory') {
      return { ...place, ...down, kind: 'resource', resource: node.resource }
    }
    if (node.kind === 'template') {
      return { ...place, ...down, kind: 'template', template: node.template }
    }
    return undefined
  }
  return {
    length: items.length,
    at: (index) => {
      let row = made.get(index)
      if (!row) {
        row = make(index)
        if (row) made.set(index, row)
      }
      return row
    },
    // A scan of the ids alone (no row is built to find one), and none for an id that cannot
    // be here: the list holds this server's resources and templates only (a folder's id,
    // highlighted in the tree before a switch, is answered at once).
    indexOf: (id) =>
      id.startsWith(resourcePrefix) || id.startsWith(templatePrefix)
        ? items.findIndex((node) => node.id === id)
        : -1,
  }
}
