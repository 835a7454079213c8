// Per server, what the picker derives from its list: the search items (and the tree, for
// the side picker), at the cost of what changed (shared/resourceDiff.ts). A new page is
// appended to both; a reload that replaced some resources (list_changed) takes them out
// and puts the new ones in (tree: `apply`), and says so (`patch`) so the search index does
// the same; only a change of templates or of the assistant-only filter builds it again.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { GrowingResourceTree, growResourceTree } from '../collection/index.ts'
import { resourceKey } from '../shared/ids.ts'
import { diffResources } from '../shared/resourceDiff.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { type SearchItem, searchItemsOf } from './buildSourceRows.ts'

/** What to derive: the search items always; the tree only for the side picker. */
export interface SourceDataOptions {
  hideAssistantOnly: boolean
  /** Grows the server's tree (`growResourceTree`); passed in so the composer ships no tree code. */
  growTree: typeof growResourceTree | undefined
  /** False when the picker searches a shared index (`useResourceSearch`): no items of its own. @default true */
  searchItems?: boolean
}

/** How a reload changed the search items (revision `revision - 1` → `revision`). */
export interface SourcePatch {
  /** Ids no longer listed (a replaced resource keeps its id and is among the added). */
  removedIds: readonly string[]
  /** How many items there were before the patch. */
  baseCount: number
  /** Where in `items` the patch's new items start (everything after is new). */
  addedFrom: number
}

export interface SourceData {
  serverId: string
  resources: readonly Resource[]
  /** The source's `listGeneration` (same one: the next resources only appended). */
  listGeneration: number | undefined
  templates: readonly ResourceTemplate[] | undefined
  hideAssistantOnly: boolean
  /** Whether `items` are kept (not with a shared index). */
  searchItems: boolean
  /** The server's tree (without `growTree`: none). */
  growing: GrowingResourceTree | undefined
  /** Search items, appended to in place as the list grows (read `items.length` when sent). */
  items: SearchItem[]
  /** Changes when the items were rebuilt from scratch (send them all). */
  generation: number
  /** Changes when a reload patched the items (a new `items` array; `patch` says how). */
  revision: number
  /** How revision `revision - 1` became this one (none after a build). */
  patch: SourcePatch | undefined
}

function build(source: PickerSource, options: SourceDataOptions, generation: number): SourceData {
  const hide = options.hideAssistantOnly
  const searchItems = options.searchItems !== false
  return {
    serverId: source.serverId,
    resources: source.resources,
    listGeneration: source.listGeneration,
    templates: source.templates,
    hideAssistantOnly: hide,
    searchItems,
    growing: options.growTree?.(source, { hideAssistantOnly: hide }),
    items: searchItems ? searchItemsOf([source], hide) : [],
    generation,
    revision: 0,
    patch: undefined,
  }
}

/** The search items of `resources` alone (no templates); none without `searchItems`. */
function itemsOf(prev: SourceData, source: PickerSource, resources: readonly Resource[]) {
  if (!prev.searchItems) return []
  return searchItemsOf([{ ...source, resources, templates: [] }], prev.hideAssistantOnly)
}

/**
 * The data of `source`, from `prev` at the cost of what changed. Returns `prev` itself
 * when nothing did; otherwise a new object (the tree inside grows in place).
 */
export function advanceSourceData(
  prev: SourceData | undefined,
  source: PickerSource,
  options: SourceDataOptions,
): SourceData {
  const hide = options.hideAssistantOnly
  const withTree = options.growTree !== undefined
  if (!prev || prev.serverId !== source.serverId || (prev.growing !== undefined) !== withTree) {
    return build(source, options, 0)
  }
  if (
    prev.templates !== source.templates ||
    prev.hideAssistantOnly !== hide ||
    prev.searchItems !== (options.searchItems !== false)
  ) {
    return build(source, options, prev.generation + 1)
  }
  const sameGeneration =
    source.listGeneration !== undefined && prev.listGeneration === source.listGeneration
  const diff = diffResources(prev.resources, source.resources, sameGeneration)
  const listGeneration = source.listGeneration
  if (diff.kind === 'same') {
    return prev.resources === source.resources && prev.listGeneration === listGeneration
      ? prev
      : { ...prev, resources: source.resources, listGeneration }
  }
  const rebuildTree = () => options.growTree?.(source, { hideAssistantOnly: hide })
  if (diff.kind === 'appended') {
    // Only a tree over an invalid source refuses a page: build it again then.
    const growing = !prev.growing || prev.growing.append(diff.added) ? prev.growing : rebuildTree()
    for (const item of itemsOf(prev, source, diff.added)) prev.items.push(item)
    return { ...prev, resources: source.resources, listGeneration, growing }
  }
  // The tree takes the change at its cost too; a shape it cannot place in place: build it again.
  const growing =
    !prev.growing || prev.growing.apply({ removed: diff.removed, added: diff.added })
      ? prev.growing
      : rebuildTree()
  const removed = new Set(diff.removed)
  const added = itemsOf(prev, source, diff.added)
  const items = prev.items.filter((item) => item.kind !== 'resource' || !removed.has(item.resource))
  const addedFrom = items.length
  for (const item of added) items.push(item)
  // A replaced resource keeps its id: putting it in again (upsert) replaces its fields.
  const readded = new Set(added.map((item) => item.id))
  const removedIds: string[] = []
  for (const resource of diff.removed) {
    const id = resourceKey(source.serverId, resource.uri)
    if (!readded.has(id)) removedIds.push(id)
  }
  return {
    ...prev,
    resources: source.resources,
    listGeneration,
    growing,
    items,
    revision: prev.revision + 1,
    patch: { removedIds, baseCount: prev.items.length, addedFrom },
  }
}
