// Pure: sources (+ search hits, expanded ids, lazy folders) → the rows the picker shows.
// The tree and the list order come from the collection helpers; this file adds the
// picker's own rows (server headers, status, load-more, folder messages).
import type { SearchHit } from '@resource-kit/search/lazy'
import { formatCount, isAssistantOnly } from '../collection/index.ts'
import type { SearchItem } from '../search/searchItems.ts'
import { loadMoreRowId, serverNodeId, statusRowId } from '../shared/ids.ts'
import { serverDownMark } from '../shared/sourceDown.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { serverLabel, statusText } from '../shared/statusText.ts'
import { buildSourceTree, listRowsOf, type SourceTree, treeRowsOf } from './collectionAdapter.ts'
import type { PickerRow } from './pickerRow.ts'
import { builtRun, joinRuns, type PickerRows, type RowRun } from './pickerRows.ts'
import type { DirectoryState, PickerView } from './pickerStore.ts'

// What the count says is what the filter shows.
function shownCount(source: PickerSource, hideAssistantOnly: boolean): number {
  const templates = source.templates ?? []
  if (!hideAssistantOnly) return source.resources.length + templates.length
  let shown = 0
  for (const item of source.resources) if (!isAssistantOnly(item)) shown++
  for (const item of templates) if (!isAssistantOnly(item)) shown++
  return shown
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
      id: statusRowId(source.serverId),
      kind: 'status',
      source,
      label: text,
      posInSet: 1,
      setSize: 1,
    })
  }
  if (source.hasMore) {
    const loaded = formatCount(source.resources.length)
    // Searching part of a server says so, and offers the rest (#12: honest scope).
    const label = !searching
      ? `${loaded} loaded — more available. Load more`
      : `Searched ${loaded} of ${loaded}+ resources. ${source.loadingMore ? 'Loading…' : 'Load more and search them'}`
    rows.push({
      ...base,
      id: loadMoreRowId(source.serverId),
      kind: 'loadMore',
      source,
      label,
      searched: searching ? source.resources.length : undefined,
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

function hitRow(
  hit: SearchHit<SearchItem>,
  depth: number,
  parentId: string,
  down: { serverDown?: true },
): PickerRow {
  const item = hit.item
  const common = {
    ...down,
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

/** Numbers fresh rows as one sibling run (aria-posinset / aria-setsize), starting at `from`. */
function numberRun(run: readonly PickerRow[], from: number, setSize: number): void {
  run.forEach((row, i) => {
    row.posInSet = from + i
    row.setSize = setSize
  })
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
  /**
   * List rows of a server (cached by the caller, per tree, `extra` and whether the server
   * is down: the rows carry its mark); `listRowsOf` when missing.
   */
  listRows?: (source: PickerSource, tree: SourceTree, extra: number) => RowRun
}

/** All rows for the current state, and how many resources/templates they show. */
export function buildSourceRows(input: BuildRowsInput): { rows: PickerRows; resultCount: number } {
  const { sources, view, hits, expandedIds } = input
  const inTree = view === 'tree'
  const childDepth = inTree ? 1 : 0
  const sections: { header: PickerRow; body: RowRun; tail: PickerRow[] }[] = []
  let resultCount = 0

  if (hits) {
    const byServer = new Map<string, SearchHit<SearchItem>[]>()
    for (const hit of hits) {
      const list = byServer.get(hit.item.serverId)
      if (list) list.push(hit)
      else byServer.set(hit.item.serverId, [hit])
    }
    for (const source of sources) {
      const found = byServer.get(source.serverId) ?? []
      const header = serverRow(source, true)
      const tail = statusRows(source, { depth: childDepth, parentId: header.id }, true)
      if (found.length === 0 && tail.length === 0) continue
      const down = serverDownMark(source)
      const body = found.map((hit) => hitRow(hit, childDepth, header.id, down))
      numberRun(body, 1, body.length + tail.length)
      sections.push({ header, body: builtRun(body), tail })
      resultCount += found.length
    }
  } else {
    for (const source of sources) {
      const header = serverRow(source, !inTree || expandedIds.has(serverNodeId(source.serverId)))
      resultCount += shownCount(source, input.hideAssistantOnly)
      if (!header.expanded) {
        sections.push({ header, body: builtRun([]), tail: [] })
        continue
      }
      const tail = statusRows(source, { depth: childDepth, parentId: header.id }, false)
      const tree =
        input.trees?.get(source.serverId) ?? buildSourceTree(source, input.hideAssistantOnly)
      let body: RowRun
      if (inTree) {
        const fresh = treeRowsOf(source, tree, expandedIds, input.directories)
        // The server's own children gain the status rows as siblings.
        let top = 0
        for (const row of fresh) if (row.parentId === header.id) top++
        for (const row of fresh) if (row.parentId === header.id) row.setSize = top + tail.length
        body = builtRun(fresh)
        numberRun(tail, top + 1, top + tail.length)
      } else {
        body = input.listRows
          ? input.listRows(source, tree, tail.length)
          : listRowsOf(source, tree, tail.length)
        numberRun(tail, body.length + 1, body.length + tail.length)
      }
      sections.push({ header, body, tail })
    }
  }

  // Built rows in a row share one run; a list made on read is a run of its own.
  const runs: RowRun[] = []
  let built: PickerRow[] = []
  sections.forEach((section, i) => {
    section.header.posInSet = i + 1
    section.header.setSize = sections.length
    built.push(section.header)
    if (section.body.length > 0) {
      runs.push(builtRun(built), section.body)
      built = []
    }
    for (const row of section.tail) built.push(row)
  })
  runs.push(builtRun(built))
  return { rows: joinRuns(runs), resultCount }
}
