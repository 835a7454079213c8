// Pure: sources (+ search hits, expanded ids, lazy folders) → the rows the picker shows.
// The tree and the list order come from the collection helpers; this file adds the
// picker's own rows (server headers, status, load-more, folder messages).
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import { isAssistantOnly } from '../collection/index.ts'
import type { SearchableItem, SearchHit } from '../search/index.ts'
import {
  buildSourceTree,
  listRowsOf,
  type SourceTree,
  serverNodeId,
  treeRowsOf,
} from './collectionAdapter.ts'
import type { PickerRow } from './pickerRow.ts'
import type { PickerSource } from './pickerSource.ts'
import { type DirectoryState, type PickerView, selectionKey } from './pickerStore.ts'

/** One searchable resource or template, tagged with its server. */
export type SearchItem = SearchableItem &
  (
    | { serverId: string; kind: 'resource'; resource: Resource }
    | { serverId: string; kind: 'template'; template: ResourceTemplate }
  )

const MAX_ERROR_TEXT = 200

/** Everything searchable across sources. */
export function searchItemsOf(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
): SearchItem[] {
  const items: SearchItem[] = []
  for (const source of sources) {
    const { serverId } = source
    for (const resource of source.resources) {
      if (hideAssistantOnly && isAssistantOnly(resource)) continue
      items.push({
        id: selectionKey(serverId, resource.uri),
        name: resource.name,
        title: resource.title,
        uri: resource.uri,
        description: resource.description,
        serverId,
        kind: 'resource',
        resource,
      })
    }
    for (const template of source.templates ?? []) {
      if (hideAssistantOnly && isAssistantOnly(template)) continue
      items.push({
        id: `template\u0000${serverId}\u0000${template.uriTemplate}`,
        name: template.name,
        title: template.title,
        uri: template.uriTemplate,
        description: template.description,
        serverId,
        kind: 'template',
        template,
      })
    }
  }
  return items
}

function serverLabel(source: PickerSource): string {
  return source.serverName ?? source.serverId
}

/** The sentence a server's status row says (also its accessible name). */
export function statusText(source: PickerSource): string | undefined {
  const name = serverLabel(source)
  const why = source.error?.message.slice(0, MAX_ERROR_TEXT)
  switch (source.status) {
    case 'connecting':
      return `Connecting to ${name}…`
    case 'loading':
      return 'Loading resources…'
    case 'needs-auth':
      return `${name} needs sign-in${why ? `: ${why}` : ''}`
    case 'needs-input':
      return `${name} needs input${why ? `: ${why}` : ''}`
    case 'error':
      return `Failed to load ${name}${why ? `: ${why}` : ''}`
    case 'empty':
      return 'No resources'
    case 'ready':
      return undefined
  }
}

interface Tail {
  depth: number
  parentId: string | null
}

/** Status and load-more rows that close a server's section. */
function statusRows(source: PickerSource, at: Tail, searching: boolean): PickerRow[] {
  const rows: PickerRow[] = []
  const base = { serverId: source.serverId, ...at, hasChildren: false, expanded: false }
  const text = statusText(source)
  if (text && !(searching && source.status === 'empty')) {
    rows.push({
      ...base,
      id: `status\u0000${source.serverId}`,
      kind: 'status',
      source,
      label: text,
      posInSet: 1,
      setSize: 1,
    })
  }
  if (source.hasMore && !searching) {
    const label = `${source.resources.length.toLocaleString('en-US')} loaded — more available. Load more`
    rows.push({
      ...base,
      id: `more\u0000${source.serverId}`,
      kind: 'loadMore',
      source,
      label,
      posInSet: 1,
      setSize: 1,
    })
  }
  return rows
}

function serverRow(source: PickerSource, expanded: boolean): PickerRow {
  return {
    id: serverNodeId(source.serverId),
    serverId: source.serverId,
    kind: 'server',
    source,
    label: serverLabel(source),
    depth: 0,
    parentId: null,
    posInSet: 0,
    setSize: 0,
    hasChildren: true,
    expanded,
  }
}

function hitRow(hit: SearchHit<SearchItem>, depth: number, parentId: string): PickerRow {
  const item = hit.item
  const common = {
    id: item.id,
    serverId: item.serverId,
    depth,
    parentId,
    posInSet: 0,
    setSize: 0,
    hasChildren: false,
    expanded: false,
    matches: hit.matches,
  }
  if (item.kind === 'resource') {
    return {
      ...common,
      kind: 'resource',
      resource: item.resource,
      label: item.resource.title ?? item.resource.name,
    }
  }
  return {
    ...common,
    kind: 'template',
    template: item.template,
    label: item.template.title ?? item.template.name,
  }
}

/** Numbers the rows of each parent 1…n (aria-posinset / aria-setsize) in place. */
function numberSiblings(rows: PickerRow[]): void {
  const groups = new Map<string | null, PickerRow[]>()
  for (const row of rows) {
    const key = row.parentId
    const list = groups.get(key)
    if (list) list.push(row)
    else groups.set(key, [row])
  }
  for (const list of groups.values()) {
    list.forEach((row, i) => {
      row.posInSet = i + 1
      row.setSize = list.length
    })
  }
}

export interface BuildRowsInput {
  sources: readonly PickerSource[]
  view: PickerView
  /** Search hits, best first; null when not searching. */
  hits: readonly SearchHit<SearchItem>[] | null
  expandedIds: ReadonlySet<string>
  directories: Readonly<Record<string, DirectoryState>>
  hideAssistantOnly: boolean
  /** Prebuilt trees by server id (built here when missing). */
  trees?: ReadonlyMap<string, SourceTree>
}

/** All rows for the current state, and how many resources/templates they show. */
export function buildSourceRows(input: BuildRowsInput): { rows: PickerRow[]; resultCount: number } {
  const { sources, view, hits, expandedIds } = input
  const rows: PickerRow[] = []
  let resultCount = 0
  const inTree = view === 'tree'

  if (hits) {
    const byServer = new Map<string, SearchHit<SearchItem>[]>()
    for (const hit of hits) {
      const list = byServer.get(hit.item.serverId)
      if (list) list.push(hit)
      else byServer.set(hit.item.serverId, [hit])
    }
    for (const source of sources) {
      const found = byServer.get(source.serverId) ?? []
      const tail = statusRows(
        source,
        { depth: inTree ? 1 : 0, parentId: serverNodeId(source.serverId) },
        true,
      )
      if (found.length === 0 && tail.length === 0) continue
      const header = serverRow(source, true)
      rows.push(header)
      for (const hit of found) rows.push(hitRow(hit, inTree ? 1 : 0, header.id))
      rows.push(...tail)
      resultCount += found.length
    }
    numberSiblings(rows)
    return { rows, resultCount }
  }

  for (const source of sources) {
    const id = serverNodeId(source.serverId)
    const expanded = !inTree || expandedIds.has(id)
    rows.push(serverRow(source, expanded))
    const count = source.resources.length + (source.templates?.length ?? 0)
    resultCount += count
    if (!expanded) continue
    const tree =
      input.trees?.get(source.serverId) ?? buildSourceTree(source, input.hideAssistantOnly)
    const body = inTree
      ? treeRowsOf(source, tree, expandedIds, input.directories)
      : listRowsOf(source, tree)
    rows.push(...body)
    rows.push(...statusRows(source, { depth: inTree ? 1 : 0, parentId: id }, false))
  }
  numberSiblings(rows)
  return { rows, resultCount }
}
