// One way to count and say what servers hold, for every place that shows it (the picker's
// server rows and live region, the host's server list): resources and templates apart (a
// template is not a resource), `+` while more pages exist, and no number while pages are
// still arriving, so a count never jumps page by page.

import { formatCount } from '../collection/formatCount.ts'
import { isAssistantOnly } from '../collection/index.ts'
import type { PickerSource } from './sourceTypes.ts'

export interface ResourceCount {
  resources: number
  templates: number
  /** The list is incomplete (more pages can be loaded). */
  more: boolean
}

/** What `sources` hold (without assistant-only items when those are hidden). */
export function countResources(
  sources: readonly PickerSource[],
  hideAssistantOnly = false,
): ResourceCount {
  const count: ResourceCount = { resources: 0, templates: 0, more: false }
  for (const source of sources) {
    const templates = source.templates ?? []
    if (hideAssistantOnly) {
      for (const item of source.resources) if (!isAssistantOnly(item)) count.resources++
      for (const item of templates) if (!isAssistantOnly(item)) count.templates++
    } else {
      count.resources += source.resources.length
      count.templates += templates.length
    }
    if (source.hasMore) count.more = true
  }
  return count
}

/** `1,234+ resources · 2 templates` (templates only when there are some). */
export function resourceCountText(count: ResourceCount): string {
  const n = count.resources
  const resources = `${formatCount(n)}${count.more ? '+' : ''} ${n === 1 && !count.more ? 'resource' : 'resources'}`
  if (count.templates === 0) return resources
  return `${resources} · ${formatCount(count.templates)} ${count.templates === 1 ? 'template' : 'templates'}`
}

/** Pages are still arriving (or the server is connecting): counts wait until it settles. */
export function isSourceBusy(source: PickerSource): boolean {
  return (
    source.status === 'connecting' || source.status === 'loading' || source.loadingMore === true
  )
}
