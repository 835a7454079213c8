// Lazy folders through the shared cache: an `inode/directory` read (readOptions, so TTL
// and invalidation apply) whose content items become the folder's children.
import type { Resource, ResourceClient, ResourceContents } from '@resource-kit/client'
import { readOptions } from './queryOptions.ts'

function nameOf(uri: string): string {
  const path = uri.split(/[?#]/)[0] ?? uri
  const parts = path.split('/').filter(Boolean)
  const last = parts[parts.length - 1] ?? uri
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** The resources a directory read lists (one per content item, as the spec describes). */
export function contentsToResources(contents: readonly ResourceContents[]): Resource[] {
  return contents.map((c) => ({
    uri: c.uri,
    name: nameOf(c.uri),
    mimeType: c.mimeType,
  }))
}

/** A `loadDirectory` for usePicker / Picker.Root that reads through the client's cache. */
export function createDirectoryLoader(client: ResourceClient) {
  return async (serverId: string, uri: string, signal: AbortSignal): Promise<Resource[]> => {
    const options = readOptions(client, serverId, uri)
    const result = await client.queryClient.fetchQuery(options)
    signal.throwIfAborted()
    return contentsToResources(result.contents)
  }
}
