// What the agent's searches index (searchServers, suggestResources): a resource or a
// template of one server, with the fields the search reads. One shape and one way to make
// it, so both indexes read the same fields.
import type { Resource, ResourceTemplate } from '@resource-kit/client'

export type ServerItem = {
  id: string
  server: string
  name: string
  title?: string
  uri: string
  description?: string
} & ({ kind: 'resource'; resource: Resource } | { kind: 'template'; template: ResourceTemplate })

/** A resource as an indexed item (`id` is the index's own key for it). */
export function resourceItem(id: string, server: string, resource: Resource): ServerItem {
  return {
    id,
    server,
    name: resource.name,
    ...(resource.title !== undefined && { title: resource.title }),
    uri: resource.uri,
    ...(resource.description !== undefined && { description: resource.description }),
    kind: 'resource',
    resource,
  }
}

/** A template as an indexed item: its URI template stands in the `uri` field. */
export function templateItem(id: string, server: string, template: ResourceTemplate): ServerItem {
  return {
    id,
    server,
    name: template.name,
    ...(template.title !== undefined && { title: template.title }),
    uri: template.uriTemplate,
    ...(template.description !== undefined && { description: template.description }),
    kind: 'template',
    template,
  }
}
