// What the search indexes: one item per resource and per template, tagged with its server
// (`scope`, for `server:` queries). Built as changes are applied (sourceIndex.ts), and for
// the rows that show the hits.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { SearchableItem } from '@resource-kit/search/lazy'
import { isAssistantOnly } from '../collection/index.ts'
import { resourceKey, templateNodeId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'

/** One searchable resource or template, tagged with its server. */
export type SearchItem = SearchableItem &
  (
    | { serverId: string; kind: 'resource'; resource: Resource }
    | { serverId: string; kind: 'template'; template: ResourceTemplate }
  )

/** The search item of one resource. */
export function resourceItem(serverId: string, resource: Resource): SearchItem {
  return {
    id: resourceKey(serverId, resource.uri),
    name: resource.name,
    title: resource.title,
    uri: resource.uri,
    description: resource.description,
    serverId,
    scope: serverId,
    kind: 'resource',
    resource,
  }
}

/** The search item of one template. */
export function templateItem(serverId: string, template: ResourceTemplate): SearchItem {
  return {
    id: templateNodeId(serverId, template.uriTemplate),
    name: template.name,
    title: template.title,
    uri: template.uriTemplate,
    description: template.description,
    serverId,
    scope: serverId,
    kind: 'template',
    template,
  }
}

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
      items.push(resourceItem(serverId, resource))
    }
    for (const template of source.templates ?? []) {
      if (hideAssistantOnly && isAssistantOnly(template)) continue
      items.push(templateItem(serverId, template))
    }
  }
  return items
}
