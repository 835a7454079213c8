// BEHAVIOUR: the picker hook. Reads the per-instance store, turns sources into rows,
// virtualizes them, and hands out prop getters with full combobox/listbox/tree ARIA.
// The user's handlers run first (prevent default to skip ours).
import type { Resource } from '@resource-kit/client'
import {
  observeElementRect,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useStore } from 'zustand'
import { typeAhead } from '../collection/index.ts'
import { resourceKey, serverNodeId } from '../shared/ids.ts'
import type { PickerSource, ResourceDescriptor } from '../shared/sourceTypes.ts'
import { resolveKey } from './pickerKeyboard.ts'
import { createPropGetters } from './pickerPropGetters.ts'
import { isActionable, isNavigable, type PickerRow } from './pickerRow.ts'
import { createPickerStore, type PickerStore, type PickerView } from './pickerStore.ts'
import { changedResourceKeys } from './resourceChanges.ts'
import { usePickerRows } from './usePickerRows.ts'

export interface UsePickerOptions {
  /** One entry per server (from `useResourceSources`, or plain data). */
  sources: readonly PickerSource[]
  /** An existing store (to share state with other components). @default a new store per instance */
  store?: PickerStore
  /** @default 'single' */
  selectionMode?: 'single' | 'multiple'
  /** Called with the chosen resources: single mode on each choice, multiple mode on each toggle. */
  onSelect?: (selection: ResourceDescriptor[]) => void
  /** Called when a template is chosen (its form opens in the store too). */
  onTemplateSelect?: (template: import('./pickerStore.ts').ActiveTemplate) => void
  /** Reads an `inode/directory` resource on expand; its contents become children. */
  loadDirectory?: (
    serverId: string,
    uri: string,
    signal: AbortSignal,
  ) => Promise<readonly Resource[]>
  /** Controlled search text. */
  query?: string
  /** Initial search text when uncontrolled. @default '' */
  defaultQuery?: string
  onQueryChange?: (query: string) => void
  /** Controlled view. */
  view?: PickerView
  /** Initial view when uncontrolled. @default 'tree' */
  defaultView?: PickerView
  onViewChange?: (view: PickerView) => void
  /** Called on Escape (e.g. to close a popup). */
  onEscape?: () => void
  /** Base for element ids. @default useId() */
  id?: string
  /** Row height in px used before rows are measured. @default 32 */
  estimateRowHeight?: number
  /** Extra rows rendered above and below the viewport. @default 10 */
  overscan?: number
  /** Viewport size before layout (tests, SSR; happy-dom has no layout). */
  initialRect?: { width: number; height: number }
  /** Most search results shown. @default 500 */
  searchLimit?: number
}

export type PickerApi = ReturnType<typeof usePicker>

/** The picker's behaviour: rows, virtual window, keyboard, selection and prop getters. */
export function usePicker(options: UsePickerOptions) {
  const [ownStore] = useState(() =>
    createPickerStore({ query: options.defaultQuery, view: options.defaultView }),
  )
  const store = options.store ?? ownStore
  const reactId = useId()
  const baseId = options.id ?? `rk${reactId.replace(/:/g, '')}`
  const selectionMode = options.selectionMode ?? 'single'

  const storeQuery = useStore(store, (s) => s.query)
  const storeView = useStore(store, (s) => s.view)
  const query = options.query ?? storeQuery
  const view = options.view ?? storeView
  const highlightedId = useStore(store, (s) => s.highlightedId)
  const expandedIds = useStore(store, (s) => s.expandedIds)
  const selected = useStore(store, (s) => s.selected)
  const updated = useStore(store, (s) => s.updated)
  const directories = useStore(store, (s) => s.directories)
  const hideAssistantOnly = useStore(store, (s) => s.hideAssistantOnly)

  const { rows, resultCount } = usePickerRows({
    sources: options.sources,
    view,
    query,
    expandedIds,
    directories,
    hideAssistantOnly,
    searchLimit: options.searchLimit ?? 500,
  })
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows])

  // Latest options for callbacks that must not change identity on every render.
  const latest = useRef(options)
  latest.current = options

  const setQuery = useCallback(
    (next: string) => {
      latest.current.onQueryChange?.(next)
      if (latest.current.query === undefined) store.getState().setQuery(next)
    },
    [store],
  )
  const setView = useCallback(
    (next: PickerView) => {
      latest.current.onViewChange?.(next)
      if (latest.current.view === undefined) store.getState().setView(next)
    },
    [store],
  )

  // "Updated" marks: compare each reload with the previous one.
  const prevSources = useRef<readonly PickerSource[]>([])
  useEffect(() => {
    const changed = changedResourceKeys(prevSources.current, options.sources)
    prevSources.current = options.sources
    store.getState().markUpdated(changed)
  }, [options.sources, store])

  // Servers start expanded in the tree (once each: the user may collapse them).
  const seenServers = useRef(new Set<string>())
  useLayoutEffect(() => {
    for (const source of options.sources) {
      if (seenServers.current.has(source.serverId)) continue
      seenServers.current.add(source.serverId)
      store.getState().setExpanded(serverNodeId(source.serverId), true)
    }
  }, [options.sources, store])

  // Keep a highlight: a row that vanished (list_changed) hands it to its neighbour; a new
  // query starts from its best result.
  const lastIndex = useRef(0)
  const lastQuery = useRef(query)
  useLayoutEffect(() => {
    const state = store.getState()
    if (query !== lastQuery.current) {
      lastQuery.current = query
      if (query !== '') {
        const best =
          rows.find((r) => r.kind === 'resource' || r.kind === 'template') ??
          rows.find((r) => isNavigable(r, view))
        state.highlight(best?.id ?? null)
        lastIndex.current = 0
        return
      }
    }
    const current = state.highlightedId === null ? undefined : rowIndex.get(state.highlightedId)
    if (current !== undefined) {
      lastIndex.current = current
      return
    }
    if (state.highlightedId === null && query === '') return
    const from = Math.min(state.highlightedId === null ? 0 : lastIndex.current, rows.length - 1)
    const next =
      rows.slice(from).find((r) => isNavigable(r, view)) ??
      rows.slice(0, from).findLast((r) => isNavigable(r, view))
    state.highlight(next?.id ?? null)
  }, [rows, rowIndex, store, query, view])

  // Lazy folders: read on first expand; abort what is in flight on unmount.
  const loads = useRef(new Map<string, AbortController>())
  useEffect(() => {
    const inFlight = loads.current
    return () => {
      for (const c of inFlight.values()) c.abort()
      inFlight.clear()
    }
  }, [])
  const loadDirectory = useCallback(
    (row: PickerRow & { kind: 'directory' }, force = false) => {
      const load = latest.current.loadDirectory
      if (!load || loads.current.has(row.id)) return
      if (!force && store.getState().directories[row.id]) return
      const controller = new AbortController()
      loads.current.set(row.id, controller)
      store.getState().setDirectory(row.id, { status: 'loading' })
      load(row.serverId, row.resource.uri, controller.signal)
        .then(
          (items) => {
            if (controller.signal.aborted) return
            store.getState().setDirectory(row.id, { status: 'loaded', items })
          },
          (error: unknown) => {
            if (controller.signal.aborted) return
            const err = error instanceof Error ? error : new Error(String(error))
            store.getState().setDirectory(row.id, { status: 'error', error: err })
          },
        )
        .finally(() => loads.current.delete(row.id))
    },
    [store],
  )

  const setExpanded = useCallback(
    (row: PickerRow, expanded: boolean) => {
      if (!row.hasChildren) return
      store.getState().setExpanded(row.id, expanded)
      if (expanded && row.kind === 'directory') loadDirectory(row)
    },
    [store, loadDirectory],
  )

  const selectResource = useCallback(
    (resource: Resource, serverId: string, mode: 'single' | 'multiple' = selectionMode) => {
      const d = describe(resource, serverId)
      store.getState().select(d, mode)
      store.getState().clearUpdated(resourceKey(serverId, resource.uri))
      latest.current.onSelect?.(mode === 'single' ? [d] : [...store.getState().selected.values()])
    },
    [store, selectionMode],
  )

  /** Adds a resource reached another way (e.g. a template's form) to the selection. */
  const selectDescriptor = useCallback(
    (d: ResourceDescriptor) => {
      store.getState().select(d, selectionMode)
      latest.current.onSelect?.(
        selectionMode === 'single' ? [d] : [...store.getState().selected.values()],
      )
    },
    [store, selectionMode],
  )

  /** Does what the row is for: choose, open the template form, expand, retry, load more. */
  const activate = useCallback(
    (row: PickerRow) => {
      store.getState().highlight(row.id)
      if (!isActionable(row)) return
      switch (row.kind) {
        case 'resource':
          selectResource(row.resource, row.serverId)
          return
        case 'template': {
          const t = row.template
          const active = {
            serverId: row.serverId,
            uriTemplate: t.uriTemplate,
            name: t.name,
            ...(t.title !== undefined && { title: t.title }),
            ...(t.mimeType !== undefined && { mimeType: t.mimeType }),
          }
          store.getState().openTemplate(active)
          latest.current.onTemplateSelect?.(active)
          return
        }
        case 'server':
        case 'folder':
        case 'directory':
          setExpanded(row, !row.expanded)
          return
        case 'status':
          row.source.retry?.()
          return
        case 'loadMore':
          row.source.loadMore?.()
          return
        case 'message': {
          const dir = rows.find((r) => r.id === row.directoryId)
          if (dir?.kind === 'directory') loadDirectory(dir, true)
        }
      }
    },
    [store, selectResource, setExpanded, loadDirectory, rows],
  )

  // VIRTUAL WINDOW
  const scrollRef = useRef<HTMLElement | null>(null)
  const rowHeight = options.estimateRowHeight ?? 32
  const initialRect = options.initialRect
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: options.overscan ?? 10,
    getItemKey: (index) => rows[index]?.id ?? index,
    ...(initialRect && {
      initialRect,
      // Without layout (tests, SSR, a hidden panel) the element measures 0×0: keep the
      // injected size until a real one arrives.
      observeElementRect: (
        instance: Virtualizer<HTMLElement, HTMLElement>,
        cb: (rect: Rect) => void,
      ) =>
        observeElementRect(instance, (rect) =>
          cb(rect.width === 0 && rect.height === 0 ? initialRect : rect),
        ),
    }),
  })

  const highlightAndReveal = useCallback(
    (id: string) => {
      store.getState().highlight(id)
      const index = rowIndex.get(id)
      if (index !== undefined) virtualizer.scrollToIndex(index, { align: 'auto' })
    },
    [store, rowIndex, virtualizer],
  )

  const typed = useRef({ text: '', at: 0 })
  const handleKeyDown = useCallback(
    (event: KeyboardEvent, focus: 'input' | 'widget'): boolean => {
      const state = store.getState()
      const navRows = rows.map((r) => ({
        id: r.id,
        parentId: r.parentId,
        hasChildren: r.hasChildren,
        expanded: r.expanded,
        navigable: isNavigable(r, view),
      }))
      const action = resolveKey(event.key, {
        rows: navRows,
        highlightedId: state.highlightedId,
        view,
        focus,
        inputEmpty: query === '',
        pageSize: Math.max(1, Math.floor((virtualizer.scrollRect?.height ?? 320) / rowHeight) - 1),
      })
      if (!action) {
        if (
          focus === 'widget' &&
          event.key.length === 1 &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey
        ) {
          const ta = typed.current
          ta.text = event.timeStamp - ta.at > 500 ? event.key : ta.text + event.key
          ta.at = event.timeStamp
          const start =
            state.highlightedId === null ? -1 : (rowIndex.get(state.highlightedId) ?? -1)
          const found = typeAhead(
            rows,
            (r) => (isNavigable(r, view) ? r.label : undefined),
            start,
            ta.text,
          )
          if (found >= 0) highlightAndReveal(rows[found]!.id)
          event.preventDefault()
          return true
        }
        return false
      }
      event.preventDefault()
      const row = 'id' in action ? rows[rowIndex.get(action.id) ?? -1] : undefined
      switch (action.type) {
        case 'highlight':
          highlightAndReveal(action.id)
          break
        case 'expand':
          if (row) setExpanded(row, true)
          break
        case 'collapse':
          if (row) setExpanded(row, false)
          break
        case 'activate':
          if (row) activate(row)
          break
        case 'toggle':
          if (row?.kind === 'resource') selectResource(row.resource, row.serverId, selectionMode)
          else if (row) activate(row)
          break
        case 'escape':
          if (query !== '') setQuery('')
          else latest.current.onEscape?.()
          break
      }
      return true
    },
    [
      store,
      rows,
      rowIndex,
      view,
      query,
      virtualizer,
      rowHeight,
      highlightAndReveal,
      setExpanded,
      activate,
      selectResource,
      selectionMode,
      setQuery,
    ],
  )

  const getters = createPropGetters({
    baseId,
    view,
    query,
    rows,
    highlightedId,
    selected,
    updated,
    selectionMode,
    resultCount,
    scrollRef,
    virtualizer,
    setQuery,
    setView,
    handleKeyDown,
    activate,
    highlight: (id) => store.getState().highlight(id),
    setExpanded,
  })

  return {
    store,
    baseId,
    query,
    view,
    rows,
    /** Row index by row id. */
    rowIndex,
    resultCount,
    highlightedId,
    selected,
    selectionMode,
    virtualizer,
    virtualItems: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    setQuery,
    setView,
    activate,
    selectDescriptor,
    setExpanded,
    handleKeyDown,
    highlight: highlightAndReveal,
    ...getters,
  }
}

function describe(resource: Resource, serverId: string): ResourceDescriptor {
  return {
    serverId,
    uri: resource.uri,
    name: resource.name,
    ...(resource.title !== undefined && { title: resource.title }),
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
    ...(resource.size !== undefined && { size: resource.size }),
  }
}
