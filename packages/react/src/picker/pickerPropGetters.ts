// Prop getters (as Downshift hands them out): each returns the ARIA, ids, data-* state and
// handlers for one element, merged with what the caller passes (caller's handlers first).
import type {
  ButtonHTMLAttributes,
  ChangeEvent,
  HTMLAttributes,
  InputHTMLAttributes,
  KeyboardEvent,
  MouseEvent,
  MutableRefObject,
  Ref,
  RefCallback,
} from 'react'
import { formatCount } from '../collection/formatCount.ts'
import type { ResourceChange } from '../live/liveResources.ts'
import { composeHandlers, mergeRefs } from '../shared/composeHandlers.ts'
import { resourceKey, rowDomId } from '../shared/ids.ts'
import { type ResourceCount, resourceCountText } from '../shared/resourceCount.ts'
import type { ResourceDescriptor } from '../shared/sourceTypes.ts'
import { isActionable, type PickerRow } from './pickerRow.ts'
import type { PickerView } from './pickerStore.ts'
import { type Announcer, announcementText } from './useLiveAnnouncement.ts'

interface GetterContext {
  baseId: string
  view: PickerView
  query: string
  rows: { readonly length: number }
  highlightedId: string | null
  /** From the list navigation: the highlighted row's element id while it is rendered. */
  activeDescendant: string | undefined
  selected: ReadonlyMap<string, ResourceDescriptor>
  changeOf: (serverId: string, uri: string) => ResourceChange | undefined
  selectionMode: 'single' | 'multiple'
  resultCount: number
  /** The rows shown are an earlier query's: the current one's hits are on their way. */
  searchPending: boolean
  /** What the live region says (settled: see useLiveAnnouncement); its text re-renders alone. */
  announcer: Announcer
  scrollRef: MutableRefObject<HTMLElement | null>
  setQuery(query: string): void
  setView(view: PickerView): void
  handleKeyDown(event: KeyboardEvent, focus: 'input' | 'widget'): boolean
  /** The keys beyond the list's own (the mention key), for `aria-keyshortcuts`. */
  keyShortcuts: string | undefined
  activate(row: PickerRow): void
  highlight(id: string): void
  setExpanded(row: PickerRow, expanded: boolean): void
}

/** Attributes a prop getter takes and returns: the element's own, plus `data-*`. */
export type PickerElementProps<E = HTMLElement> = HTMLAttributes<E> &
  Record<`data-${string}`, unknown>
type Props<E = HTMLElement> = PickerElementProps<E>
type ListProps = Props & { ref?: Ref<HTMLElement> | undefined }
type ListElementProps = Props & { ref: RefCallback<HTMLElement> }

/** The prop getters `usePicker` hands out (Downshift style: spread them on the element). */
export interface PickerPropGetters {
  /** Props for the element around the picker. */
  getRootProps: (user?: Props) => Props
  /** Props for the search `<input>`: a combobox owning the list, with the query as value. */
  getInputProps: (user?: Props<HTMLInputElement>) => InputHTMLAttributes<HTMLInputElement>
  /** Props for the scrolling listbox or tree (also focusable on its own). */
  getListProps: (user?: ListProps) => ListElementProps
  /** The same as getListProps: the view decides between `tree` and `listbox`. */
  getTreeProps: (user?: ListProps) => ListElementProps
  /** Props for one row: option or treeitem, with its state as data-* attributes. */
  getItemProps: (props: Props & { row: PickerRow }) => Props
  /** Props for a row's expand/collapse chevron (decorative: the row carries aria-expanded). */
  getToggleProps: (props: Props & { row: PickerRow }) => Props
  /** Props for a button that switches to `view`. */
  getViewToggleProps: (
    props: Props<HTMLButtonElement> & { view: PickerView },
  ) => ButtonHTMLAttributes<HTMLButtonElement> & Record<`data-${string}`, unknown>
  /** Props for the polite live region announcing the result count. */
  getLiveRegionProps: (user?: Props) => Props
}

function rowUri(row: PickerRow): string | undefined {
  if (row.kind === 'resource' || row.kind === 'directory') return row.resource.uri
  return undefined
}

/** The text of the polite live region: how many results, or how many resources. */
export function liveMessage(query: string, resultCount: number, loaded?: ResourceCount): string {
  // Browsing: what is loaded, resources and templates apart (as the server rows say it).
  if (query === '')
    return loaded ? resourceCountText(loaded) : `${formatCount(resultCount)} resources`
  if (resultCount === 0) return 'No results'
  return `${formatCount(resultCount)} ${resultCount === 1 ? 'result' : 'results'}`
}

export function createPropGetters(ctx: GetterContext): PickerPropGetters {
  const listId = `${ctx.baseId}-list`
  const inputId = `${ctx.baseId}-input`
  const activeId = ctx.activeDescendant

  const getListProps = (user: ListProps = {}): ListElementProps => ({
    tabIndex: 0,
    ...user,
    id: listId,
    role: ctx.view === 'tree' ? 'tree' : 'listbox',
    'aria-multiselectable': ctx.selectionMode === 'multiple' || undefined,
    'aria-activedescendant': activeId,
    'aria-keyshortcuts': ctx.keyShortcuts,
    // The rows are about to be replaced by the query's hits.
    'aria-busy': ctx.searchPending || undefined,
    'data-view': ctx.view,
    ref: mergeRefs(user.ref, (el: HTMLElement | null) => {
      ctx.scrollRef.current = el
    }),
    onKeyDown: composeHandlers(user.onKeyDown, (e: KeyboardEvent) => {
      ctx.handleKeyDown(e, 'widget')
    }),
  })

  return {
    /** Props for the element around the picker. */
    getRootProps: (user: Props = {}) => ({
      ...user,
      'data-view': ctx.view,
      'data-searching': ctx.query !== '' || undefined,
    }),

    getInputProps: (user: Props<HTMLInputElement> = {}) => ({
      id: inputId,
      type: 'text',
      autoComplete: 'off',
      spellCheck: false,
      ...user,
      role: 'combobox',
      'aria-controls': listId,
      // The popup it controls is a tree in the tree view; it is expanded while it shows rows.
      'aria-haspopup': ctx.view === 'tree' ? ('tree' as const) : ('listbox' as const),
      'aria-expanded': ctx.rows.length > 0,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': activeId,
      'aria-keyshortcuts': ctx.keyShortcuts,
      onKeyDown: composeHandlers(user.onKeyDown, (e: KeyboardEvent<HTMLInputElement>) => {
        ctx.handleKeyDown(e, 'input')
      }),
      value: ctx.query,
      onChange: composeHandlers(
        user.onChange as ((e: ChangeEvent<HTMLInputElement>) => void) | undefined,
        (e: ChangeEvent<HTMLInputElement>) => ctx.setQuery(e.target.value),
      ),
    }),

    getListProps,
    getTreeProps: getListProps,

    getItemProps: ({ row, ...user }: Props & { row: PickerRow }) => {
      const key = rowResourceKey(row)
      return rowProps(
        row,
        {
          baseId: ctx.baseId,
          view: ctx.view,
          selectionMode: ctx.selectionMode,
          highlighted: row.id === ctx.highlightedId,
          selected: key !== undefined && ctx.selected.has(key),
          change: rowChange(row, ctx.changeOf),
        },
        ctx,
        user,
      )
    },

    /** Props for a row's expand/collapse chevron (decorative: the row carries aria-expanded). */
    getToggleProps: ({ row, ...user }: Props & { row: PickerRow }) => ({
      ...user,
      'aria-hidden': true,
      'data-expanded': row.expanded,
      onClick: composeHandlers(user.onClick, (e: MouseEvent) => {
        e.stopPropagation()
        ctx.highlight(row.id)
        ctx.setExpanded(row, !row.expanded)
      }),
    }),

    /** Props for a button that switches to `view`. */
    getViewToggleProps: ({ view, ...user }: Props<HTMLButtonElement> & { view: PickerView }) => ({
      type: 'button' as const,
      ...user,
      'aria-pressed': ctx.view === view,
      'data-view': view,
      onClick: composeHandlers(user.onClick, () => ctx.setView(view)),
    }),

    /** Props for the polite live region announcing the result count. */
    getLiveRegionProps: (user: Props = {}) => ({
      ...user,
      role: 'status',
      'aria-live': 'polite' as const,
      'aria-atomic': true,
      children: announcementText(ctx.announcer),
    }),
  }
}

/** What one row's props depend on (a part selects exactly this, so it re-renders alone). */
export interface RowState {
  /** The prefix of element ids. */
  baseId: string
  /** The view shown. */
  view: PickerView
  /** Single or multiple selection. */
  selectionMode: 'single' | 'multiple'
  /** The row is highlighted. */
  highlighted: boolean
  /** The row's resource is selected. */
  selected: boolean
  /** What changed about the row's resource since the person last chose it. */
  change?: ResourceChange | undefined
}

/** What a row's handlers do. */
export interface RowActions {
  highlight(id: string): void
  activate(row: PickerRow): void
}

/** The change mark of a row's resource (none for rows that show no resource). */
export function rowChange(
  row: PickerRow,
  changeOf: (serverId: string, uri: string) => ResourceChange | undefined,
): ResourceChange | undefined {
  const uri = rowUri(row)
  return uri === undefined ? undefined : changeOf(row.serverId, uri)
}

/** The resource key of a row that shows a resource, else undefined. */
export function rowResourceKey(row: PickerRow): string | undefined {
  const uri = rowUri(row)
  return uri === undefined ? undefined : resourceKey(row.serverId, uri)
}

/** Props for one row: option or treeitem, with its state as data-* attributes. */
export function rowProps(row: PickerRow, state: RowState, actions: RowActions, user: Props): Props {
  const { highlighted, selected } = state
  const isTree = state.view === 'tree'
  // Single select: the highlighted option is the selected one (APG combobox).
  const ariaSelected = state.selectionMode === 'multiple' ? selected : highlighted
  const status =
    row.kind === 'server' || row.kind === 'status'
      ? row.source.status
      : row.kind === 'message'
        ? row.tone
        : undefined
  if (!isTree && row.kind === 'server') {
    // In the list view a server row is the label of its group, not an option.
    return {
      ...user,
      id: rowDomId(state.baseId, row.id),
      role: 'presentation',
      'data-kind': row.kind,
      'data-depth': row.depth,
      'data-status': status,
    }
  }
  return {
    ...user,
    id: rowDomId(state.baseId, row.id),
    role: isTree ? 'treeitem' : 'option',
    // No aria-label: the row's content names it, so the name holds the visible text.
    'aria-selected': ariaSelected,
    'aria-disabled': isActionable(row) ? undefined : true,
    'aria-level': isTree ? row.depth + 1 : undefined,
    'aria-posinset': row.posInSet,
    'aria-setsize': row.setSize,
    'aria-expanded': isTree && row.hasChildren ? row.expanded : undefined,
    'data-kind': row.kind,
    'data-depth': row.depth,
    'data-highlighted': highlighted || undefined,
    'data-selected': selected || undefined,
    'data-expanded': row.hasChildren ? row.expanded : undefined,
    'data-status': status,
    'data-updated': state.change === 'updated' || undefined,
    'data-new': state.change === 'new' || undefined,
    'data-removed': state.change === 'removed' || undefined,
    // Its server is down: the row shows what it last listed (the theme dims it).
    'data-server-down': row.serverDown ? '' : undefined,
    // Keep focus in the input: a click must not blur the combobox.
    onMouseDown: composeHandlers(user.onMouseDown, (e: MouseEvent) => e.preventDefault()),
    onMouseMove: composeHandlers(user.onMouseMove, () => {
      if (!highlighted) actions.highlight(row.id)
    }),
    onClick: composeHandlers(user.onClick, () => actions.activate(row)),
  }
}
