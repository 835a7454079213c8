// Per server, what the picker derives from its list: the tree and the search items, both
// grown by the page. A list that only grew (every earlier resource is the same object, as
// the infinite query keeps them) appends its new tail; anything else (a reload that
// changed items, new templates, the assistant-only filter) builds that server again.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { GrowingResourceTree, growResourceTree } from '../collection/index.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { type SearchItem, searchItemsOf } from './buildSourceRows.ts'

/** What to derive: the search items always; the tree only for the side picker. */
export interface SourceDataOptions {
  hideAssistantOnly: boolean
  /** Grows the server's tree (`growResourceTree`); passed in so the composer ships no tree code. */
  growTree: typeof growResourceTree | undefined
}

export interface SourceData {
  serverId: string
  resources: readonly Resource[]
  templates: readonly ResourceTemplate[] | undefined
  hideAssistantOnly: boolean
  /** The server's tree (without `withTree`: none). */
  growing: GrowingResourceTree | undefined
  /** Search items, appended to in place as the list grows (read `items.length` when sent). */
  items: SearchItem[]
  /** Changes when the items were rebuilt rather than appended to. */
  generation: number
}

/** Whether `next` is `prev` with more resources after it (same objects in the same places). */
function grewFrom(prev: readonly Resource[], next: readonly Resource[]): boolean {
  if (next.length < prev.length) return false
  for (let i = 0; i < prev.length; i++) if (prev[i] !== next[i]) return false
  return true
}

function build(source: PickerSource, options: SourceDataOptions, generation: number): SourceData {
  const hide = options.hideAssistantOnly
  return {
    serverId: source.serverId,
    resources: source.resources,
    templates: source.templates,
    hideAssistantOnly: hide,
    growing: options.growTree?.(source, { hideAssistantOnly: hide }),
    items: searchItemsOf([source], hide),
    generation,
  }
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
  if (
    !prev ||
    prev.serverId !== source.serverId ||
    (prev.growing !== undefined) !== (options.growTree !== undefined)
  ) {
    return build(source, options, 0)
  }
  if (
    prev.resources === source.resources &&
    prev.templates === source.templates &&
    prev.hideAssistantOnly === hide
  ) {
    return prev
  }
  const appendable =
    prev.templates === source.templates &&
    prev.hideAssistantOnly === hide &&
    grewFrom(prev.resources, source.resources)
  if (!appendable) return build(source, options, prev.generation + 1)
  const added = source.resources.slice(prev.resources.length)
  // The tree refuses a page it cannot place as a full build would: build it again then.
  const growing =
    !prev.growing || prev.growing.append(added)
      ? prev.growing
      : options.growTree?.(source, { hideAssistantOnly: hide })
  const addedItems = searchItemsOf([{ ...source, resources: added, templates: [] }], hide)
  for (const item of addedItems) prev.items.push(item)
  return { ...prev, resources: source.resources, growing }
}
