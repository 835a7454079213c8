// STATE: one zustand vanilla store per picker instance. No DOM, no React: the
// behaviour layer (usePicker) reads it with useStore and the tests drive it in node.
import type { Resource } from '@resource-kit/client'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { resourceKey } from '../shared/ids.ts'
import type { ResourceDescriptor } from '../shared/sourceTypes.ts'

/** Which view the picker shows. */
export type PickerView = 'tree' | 'list'

/** A template the user chose: the form for its variables is open. */
export interface ActiveTemplate {
  serverId: string
  uriTemplate: string
  name: string
  title?: string
  mimeType?: string
}

/** Lazy folder contents (an `inode/directory` resource read on expand). */
export type DirectoryState =
  | { status: 'loading' }
  | { status: 'loaded'; items: readonly Resource[] }
  | { status: 'error'; error: Error }

export interface PickerState {
  query: string
  view: PickerView
  /** Row id of the highlighted row (the combobox's active descendant). */
  highlightedId: string | null
  /** Selected resources, keyed by `resourceKey(serverId, uri)` (shared/ids.ts), in the order chosen. */
  selected: ReadonlyMap<string, ResourceDescriptor>
  expandedIds: ReadonlySet<string>
  /** Whether a popup picker is open (a side panel ignores it). */
  open: boolean
  hideAssistantOnly: boolean
  directories: Readonly<Record<string, DirectoryState>>
  activeTemplate: ActiveTemplate | null
}

export interface PickerActions {
  setQuery(query: string): void
  setView(view: PickerView): void
  highlight(id: string | null): void
  setExpanded(id: string, expanded: boolean): void
  toggleExpanded(id: string): void
  /** Single mode replaces the selection; multiple mode toggles this one. */
  select(descriptor: ResourceDescriptor, mode: 'single' | 'multiple'): void
  clearSelection(): void
  setOpen(open: boolean): void
  setHideAssistantOnly(hide: boolean): void
  setDirectory(id: string, state: DirectoryState | undefined): void
  openTemplate(template: ActiveTemplate): void
  closeTemplate(): void
}

export type PickerStoreState = PickerState & PickerActions
export type PickerStore = StoreApi<PickerStoreState>

/** Initial values for a picker store; everything is optional. */
export type PickerStoreOptions = Partial<
  Pick<PickerState, 'query' | 'view' | 'open' | 'hideAssistantOnly' | 'highlightedId'>
> & {
  /** Row ids expanded at start. */
  expandedIds?: Iterable<string>
  /** Resources selected at start. */
  selected?: Iterable<ResourceDescriptor>
}

/** Creates the state of one picker instance (call once per component, e.g. in useState). */
export function createPickerStore(options: PickerStoreOptions = {}): PickerStore {
  const selected = new Map<string, ResourceDescriptor>()
  for (const d of options.selected ?? []) selected.set(resourceKey(d.serverId, d.uri), d)
  return createStore<PickerStoreState>()((set, get) => ({
    query: options.query ?? '',
    view: options.view ?? 'tree',
    highlightedId: options.highlightedId ?? null,
    selected,
    expandedIds: new Set(options.expandedIds ?? []),
    open: options.open ?? false,
    hideAssistantOnly: options.hideAssistantOnly ?? false,
    directories: {},
    activeTemplate: null,

    setQuery: (query) => {
      if (query !== get().query) set({ query })
    },
    setView: (view) => {
      if (view !== get().view) set({ view })
    },
    highlight: (highlightedId) => {
      if (highlightedId !== get().highlightedId) set({ highlightedId })
    },
    setExpanded: (id, expanded) => {
      const current = get().expandedIds
      if (current.has(id) === expanded) return
      const next = new Set(current)
      if (expanded) next.add(id)
      else next.delete(id)
      set({ expandedIds: next })
    },
    toggleExpanded: (id) => get().setExpanded(id, !get().expandedIds.has(id)),
    select: (descriptor, mode) => {
      const key = resourceKey(descriptor.serverId, descriptor.uri)
      if (mode === 'single') {
        set({ selected: new Map([[key, descriptor]]) })
        return
      }
      const next = new Map(get().selected)
      if (next.has(key)) next.delete(key)
      else next.set(key, descriptor)
      set({ selected: next })
    },
    clearSelection: () => {
      if (get().selected.size > 0) set({ selected: new Map() })
    },
    setOpen: (open) => {
      if (open !== get().open) set({ open })
    },
    setHideAssistantOnly: (hideAssistantOnly) => set({ hideAssistantOnly }),
    setDirectory: (id, state) => {
      const next = { ...get().directories }
      if (state) next[id] = state
      else delete next[id]
      set({ directories: next })
    },
    openTemplate: (activeTemplate) => set({ activeTemplate }),
    closeTemplate: () => {
      if (get().activeTemplate) set({ activeTemplate: null })
    },
  }))
}
