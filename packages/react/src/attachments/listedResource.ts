// Whether a server's shared list pass (as far as it is walked) lists a URI. Only listed
// resources are read ahead for their size: a URI a template made may ask the person for
// input when read (a read reached through input is never cached), so it is read once, on Send.
import type { Resource, ResourceClient } from '@resource-kit/client'

/** The listed resource with this URI, if the pages walked so far have it. */
export function listedResource(
  client: ResourceClient,
  serverId: string,
  uri: string,
): Resource | undefined {
  let pages: readonly (readonly Resource[])[]
  try {
    pages = client.resourceList(serverId).getSnapshot().pages
  } catch {
    return undefined // a server the client no longer has
  }
  for (const page of pages) for (const r of page) if (r.uri === uri) return r
  return undefined
}
