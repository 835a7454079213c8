// BEHAVIOUR: the picker hook, composed of small named hooks: the store (controlled query
// and view), rows, source marks, the kept highlight, lazy folders, selection, the virtual
// window, type-ahead, and the package's one list navigation (combobox/useListNavigation.ts)
// for keys and `aria-activedescendant`. It hands out prop getters with full
// combobox/listbox/tree ARIA; the user's handlers run first (prevent default to skip ours).
import {
  type KeyboardEvent,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { useStore } from 'zustand'
import type { NavigationList } from '../combobox/navigationKeys.ts'
import { useHeldActivation } from '../combobox/useHeldActivation.ts'
import { useListNavigation } from '../combobox/useListNavigation.ts'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import type { ResourceChange } from '../live/liveResources.ts'
import type { SharedResourceSearch } from '../search/sharedSearch.ts'
import { rowDomId } from '../shared/ids.ts'
import { countResources } from '../shared/resourceCount.ts'
import type { PickerSource, ResourceDescriptor } from '../shared/sourceTypes.ts'
import { isMentionKey, MENTION_KEY_SHORTCUT } from './mentionKey.ts'
import { createPropGetters, liveMessage, type PickerPropGetters } from './pickerPropGetters.ts'
import { canSignIn, isActionable, isNavigable, type PickerRow } from './pickerRow.ts'
import type { PickerRows } from './pickerRows.ts'
import {
  type ActiveTemplate,
  createPickerStore,
  type PickerStore,
  type PickerView,
} from './pickerStore.ts'
import type { PickerRowWindow, PickerVirtualItem } from './rowWindow.ts'
import { useKeptHighlight } from './useKeptHighlight.ts'
import { type LoadDirectory, useLazyFolders } from './useLazyFolders.ts'
import { isLoadingSources, useLiveAnnouncement } from './useLiveAnnouncement.ts'
import { type SearchWorkerFactory, usePickerRows } from './usePickerRows.ts'
import { usePickerRowWindow } from './usePickerRowWindow.ts'
import { describeResource, type SelectionMode, usePickerSelection } from './usePickerSelection.ts'
import { useQueryHighlight } from './useQueryHighlight.ts'
import { useServerExpansion } from './useServerExpansion.ts'
import { useTreeScroll } from './useTreeScroll.ts'
import { useTypeAhead } from './useTypeAhead.ts'

export interface UsePickerOptions {
  /** One entry per server (from `useResourceSources`, or plain data). */
  sources: readonly PickerSource[]
  /** An existing store (to share state with other components). @default a new store per instance */
  store?: PickerStore | undefined
  /** @default 'single' */
  selectionMode?: SelectionMode | undefined
  /** Called with the chosen resources: single mode on each choice, multiple mode on each toggle. */
  onSelect?: ((selection: ResourceDescriptor[]) => void) | undefined
  /** Called when a row is activated (click, Enter), before the picker acts on it: e.g. a folder, to preview it. */
  onActivate?: ((row: PickerRow) => void) | undefined
  /**
   * Alt+Enter (Option+Enter) on the highlighted resource row, from the input or the list:
   * hands the resource to the host without choosing it (e.g. to mention it in a composer).
   * Focus stays where it is; the input and the list then name the key in `aria-keyshortcuts`.
   */
  onMention?: ((descriptor: ResourceDescriptor, row: PickerRow) => void) | undefined
  /** Called when a template is chosen (its form opens in the store too). */
  onTemplateSelect?: ((template: ActiveTemplate) => void) | undefined
  /** Reads an `inode/directory` resource on expand; its contents become children. */
  loadDirectory?: LoadDirectory | undefined
  /** Controlled search text. */
  query?: string | undefined
  /** Initial search text when uncontrolled. @default '' */
  defaultQuery?: string | undefined
  /** Called with the new search text. */
  onQueryChange?: ((query: string) => void) | undefined
  /** Controlled view. */
  view?: PickerView | undefined
  /** Initial view when uncontrolled. @default 'tree' */
  defaultView?: PickerView | undefined
  /** Called with the new view. */
  onViewChange?: ((view: PickerView) => void) | undefined
  /** Called on Escape with an empty query (e.g. to close a popup). */
  onEscape?: (() => void) | undefined
  /** Base for element ids. @default useId() */
  id?: string | undefined
  /** Every row's height in px (rows are not measured: style them to it). @default 32 */
  estimateRowHeight?: number | undefined
  /** Extra rows rendered above and below the viewport. @default 10 */
  overscan?: number | undefined
  /** Viewport size before layout (tests, SSR; happy-dom has no layout). */
  initialRect?: { width: number; height: number } | undefined
  /** Most search results shown. @default 500 */
  searchLimit?: number | undefined
  /**
   * Starts a Web Worker running `@resource-kit/search/worker` for the search index (the
   * picker terminates it). Without one, or where `Worker` does not exist, the index is
   * built on the main thread in time slices.
   */
  searchWorker?: SearchWorkerFactory | undefined
  /**
   * A search index shared with the host's other pickers and composers (`useResourceSearch`
   * over these servers): each page is indexed once. `searchWorker` is then not used.
   */
  search?: SharedResourceSearch | undefined
}

/** What `usePicker` returns: state, rows, the virtual window, actions and prop getters. */
export interface PickerApi extends PickerPropGetters {
  /** The per-instance store (query, view, highlight, selection, expansion…). */
  store: PickerStore
  /** The prefix of every element id. */
  baseId: string
  /** The search text (controlled or from the store). */
  query: string
  /** The view shown (controlled or from the store). */
  view: PickerView
  /** Every row, in order, read by index (`rows.at(i)`, `rows.indexOf(id)`): only the rows read are built. */
  rows: PickerRows
  /** Resources and templates shown (search hits, or everything loaded). */
  resultCount: number
  /** The rows shown are not yet the current query's (its hits are on their way). */
  searchPending: boolean
  /** The highlighted row's id (the active descendant when rendered). */
  highlightedId: string | null
  /** Selected resources by `resourceKey(serverId, uri)`. */
  selected: ReadonlyMap<string, ResourceDescriptor>
  /**
   * What changed about a resource since the person last chose it (new, updated, removed),
   * from the client's LiveResources: the same mark its chip and its preview show.
   */
  changeOf: (serverId: string, uri: string) => ResourceChange | undefined
  /** Single or multiple selection. */
  selectionMode: SelectionMode
  /** The row window (fixed row height): `scrollToIndex`, each row's place, the viewport's height. */
  virtualizer: PickerRowWindow
  /** The rows in (and near) the viewport. */
  virtualItems: PickerVirtualItem[]
  /** The height of all rows, in px. */
  totalSize: number
  /** Sets the search text (calls `onQueryChange`; stores it when uncontrolled). */
  setQuery: (query: string) => void
  /** Sets the view (calls `onViewChange`; stores it when uncontrolled). */
  setView: (view: PickerView) => void
  /** Does what the row is for: choose, open the template form, expand, retry or sign in, load more. */
  activate: (row: PickerRow) => void
  /** Adds a resource reached another way (e.g. a template's form) to the selection. */
  selectDescriptor: (descriptor: ResourceDescriptor) => void
  /** Expands or collapses a row (reading a lazy folder on first expand). */
  setExpanded: (row: PickerRow, expanded: boolean) => void
  /** Handles a key press from the input or the list: true when it was ours. */
  handleKeyDown: (event: KeyboardEvent, focus: 'input' | 'widget') => boolean
  /** Highlights a row and scrolls it into view. */
  highlight: (id: string) => void
}

const noSubscribe = () => () => {}
const noVersion = () => 0

/** The picker's behaviour: rows, virtual window, keyboard, selection and prop getters. */
export function usePicker(options: UsePickerOptions): PickerApi {
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
  const storedHighlight = useStore(store, (s) => s.highlightedId)
  const expandedIds = useStore(store, (s) => s.expandedIds)
  const selected = useStore(store, (s) => s.selected)
  // Marks are the client's (one change state per resource); a change of one re-renders the
  // root, and each row's selector re-renders that row only.
  const live = useLiveResources()
  const marksVersion = useSyncExternalStore(
    live?.subscribe ?? noSubscribe,
    live?.getVersion ?? noVersion,
    live?.getVersion ?? noVersion,
  )
  const changeOf = useCallback(
    (serverId: string, uri: string) => {
      void marksVersion
      return live?.changeOf(serverId, uri)
    },
    [live, marksVersion],
  )
  const directories = useStore(store, (s) => s.directories)
  const hideAssistantOnly = useStore(store, (s) => s.hideAssistantOnly)

  const { rows, resultCount, searchPending, searchPartial, shownSearch } = usePickerRows({
    sources: options.sources,
    view,
    query,
    expandedIds,
    directories,
    hideAssistantOnly,
    searchLimit: options.searchLimit ?? 500,
    searchWorker: options.searchWorker,
    search: options.search,
  })

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

  useServerExpansion(store, options.sources)
  // A query's best row is highlighted in the render that shows its rows (no write-back).
  const { highlightedId, auto } = useQueryHighlight(storedHighlight, rows, query, shownSearch, view)
  const highlightRef = useRef(highlightedId)
  highlightRef.current = highlightedId
  useKeptHighlight(store, rows, query, view, auto)
  const loadFolder = useLazyFolders(store, options.loadDirectory)
  const { selectResource, selectDescriptor } = usePickerSelection(
    store,
    selectionMode,
    options.onSelect,
    live,
  )

  const revealRef = useRef<(id: string) => void>(() => {})
  const setExpanded = useCallback(
    (row: PickerRow, expanded: boolean) => {
      if (!row.hasChildren) return
      if (expanded && !row.expanded) revealRef.current(row.id)
      store.getState().setExpanded(row.id, expanded)
      if (expanded && row.kind === 'directory') loadFolder(row)
    },
    [store, loadFolder],
  )

  const activate = useCallback(
    (row: PickerRow) => {
      store.getState().highlight(row.id)
      if (!isActionable(row)) return
      latest.current.onActivate?.(row)
      switch (row.kind) {
        case 'resource':
          selectResource(row.resource, row.serverId)
          return
        case 'template': {
          const { uriTemplate, name, title, mimeType } = row.template
          const active: ActiveTemplate = {
            serverId: row.serverId,
            uriTemplate,
            name,
            title,
            mimeType,
          }
          store.getState().openTemplate(active)
          latest.current.onTemplateSelect?.(active)
          return
        }
        case 'server':
          // Collapsed, a server hides its "Sign in" row: opening it signs in, one step not two.
          if (!row.expanded && canSignIn(row.source)) row.source.signIn?.()
          setExpanded(row, !row.expanded)
          return
        case 'folder':
        case 'directory':
          setExpanded(row, !row.expanded)
          return
        case 'status':
          if (row.source.signingIn) return
          if (row.source.signIn) row.source.signIn()
          else row.source.retry?.()
          return
        case 'loadMore':
          row.source.loadMore?.()
          return
        case 'message': {
          const dir = rows.at(rows.indexOf(row.directoryId))
          if (dir?.kind === 'directory') loadFolder(dir, true)
        }
      }
    },
    [store, selectResource, setExpanded, loadFolder, rows],
  )

  const win = usePickerRowWindow(rows.length, options)
  const { rowWindow } = win
  const { scrollToIndex } = rowWindow
  const currentHighlight = useCallback(() => highlightRef.current, [])
  const { revealChildren } = useTreeScroll(
    win,
    rows,
    highlightedId,
    { view, search: shownSearch },
    currentHighlight,
  )
  revealRef.current = revealChildren

  const highlightAndReveal = useCallback(
    (id: string) => {
      store.getState().highlight(id)
      const index = rows.indexOf(id)
      if (index >= 0) scrollToIndex(index, { align: 'auto' })
    },
    [store, rows, scrollToIndex],
  )
  const revealIndex = useCallback(
    (index: number) => {
      const row = rows.at(index)
      if (row) highlightAndReveal(row.id)
    },
    [rows, highlightAndReveal],
  )

  // The keyboard reads rows by index: O(1) per key press, whatever the number of rows.
  const list: NavigationList = {
    count: rows.length,
    isNavigable: (i) => {
      const row = rows.at(i)
      return row !== undefined && isNavigable(row, view)
    },
    tree:
      view === 'tree'
        ? {
            hasChildren: (i) => rows.at(i)?.hasChildren === true,
            isExpanded: (i) => rows.at(i)?.expanded === true,
            parentIndex: (i) => {
              const parentId = rows.at(i)?.parentId
              return parentId == null ? -1 : rows.indexOf(parentId)
            },
          }
        : undefined,
  }
  const highlightedIndex = highlightedId === null ? -1 : rows.indexOf(highlightedId)
  const withRow = (fn: (row: PickerRow) => void) => (i: number) => {
    const row = rows.at(i)
    if (row) fn(row)
  }
  const navigation = useListNavigation({
    list,
    highlightedIndex,
    onHighlightedIndexChange: revealIndex,
    inputEmpty: query === '',
    pageSize: win.pageSize(),
    optionId: (i) => rowDomId(baseId, rows.at(i)?.id ?? ''),
    isRendered: win.isRendered,
    onActivate: withRow(activate),
    onToggle: withRow((row) => {
      if (row.kind === 'resource') selectResource(row.resource, row.serverId, selectionMode)
      else activate(row)
    }),
    onExpand: withRow((row) => setExpanded(row, true)),
    onCollapse: withRow((row) => setExpanded(row, false)),
    onEscape: () => {
      if (query !== '') setQuery('')
      else latest.current.onEscape?.()
    },
  })
  const typeAhead = useTypeAhead(rows, view, revealIndex)
  const loadedCount = useMemo(
    () => countResources(options.sources, hideAssistantOnly),
    [options.sources, hideAssistantOnly],
  )
  // A first screen of hits is not the count to speak: the rest of them is on its way. No
  // server yet is a host still starting, not "0 resources".
  const announcer = useLiveAnnouncement(
    liveMessage(query, resultCount, loadedCount),
    options.sources.length === 0 || isLoadingSources(options.sources) || searchPartial,
  )

  /** Hands a resource row to `onMention`; false for rows that show no resource. */
  const mention = (row: PickerRow): boolean => {
    const onMention = latest.current.onMention
    if (!onMention || (row.kind !== 'resource' && row.kind !== 'directory')) return false
    onMention(describeResource(row.resource, row.serverId), row)
    return true
  }
  // Enter (or the mention key) typed before the query's hits show waits for them, then
  // takes the best hit.
  const held = useHeldActivation<'activate' | 'mention'>({
    pending: searchPending,
    listKey: query,
    onReplay: (kind) => {
      const id = highlightRef.current
      const row = id === null ? undefined : rows.at(rows.indexOf(id))
      if (!row) return
      if (kind === 'mention') mention(row)
      else activate(row)
    },
  })
  const handleKeyDown = (event: KeyboardEvent, focus: 'input' | 'widget'): boolean => {
    const { key, altKey, shiftKey, ctrlKey, metaKey } = event
    const isComposing = event.nativeEvent.isComposing
    if (
      options.onMention &&
      isMentionKey({ key, altKey, shiftKey, ctrlKey, metaKey, isComposing })
    ) {
      const row = highlightedIndex >= 0 ? rows.at(highlightedIndex) : undefined
      if (held.hold('mention') || (row && mention(row))) {
        event.preventDefault()
        return true
      }
      return false
    }
    const action = navigation.resolve(event, focus)
    if (action?.type === 'activate' && held.hold('activate')) {
      event.preventDefault()
      return true
    }
    if (action?.type === 'highlight') held.moved()
    else if (action) held.drop()
    if (navigation.onKeyDown(event, focus)) return true
    return focus === 'widget' && typeAhead(event, highlightedIndex)
  }

  const getters = createPropGetters({
    baseId,
    view,
    query,
    rows,
    highlightedId,
    activeDescendant: navigation.activeDescendant,
    selected,
    changeOf,
    selectionMode,
    resultCount,
    searchPending,
    announcer,
    scrollRef: win.scrollRef,
    setQuery,
    setView,
    handleKeyDown,
    activate,
    keyShortcuts: options.onMention ? MENTION_KEY_SHORTCUT : undefined,
    highlight: (id) => store.getState().highlight(id),
    setExpanded,
  })

  return {
    store,
    baseId,
    query,
    view,
    rows,
    resultCount,
    searchPending,
    highlightedId,
    selected,
    changeOf,
    selectionMode,
    virtualizer: rowWindow,
    virtualItems: rowWindow.getVirtualItems(),
    totalSize: rowWindow.getTotalSize(),
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
