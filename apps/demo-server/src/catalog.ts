import type { Resource } from '@modelcontextprotocol/server'
import { compareUris, type DemoContent, type DemoEntry } from './content/createDemoContent.ts'
import { parentPath, type WorkspaceEntry, workspaceRoot } from './content/generateWorkspace.ts'
import type { LiveData } from './liveData.ts'

/** The content as it is right now: static entries plus the live file when it is present. */
export interface Catalog {
  readonly content: DemoContent
  readonly live: LiveData
  /** An entry by URI; a folder is also found without its trailing slash. */
  lookup(uri: string): DemoEntry | undefined
  /** A folder's children by folder path (`''` is the root), or `undefined` for no such folder. */
  children(folderPath: string): readonly WorkspaceEntry[] | undefined
  /** Up to `limit` resources after the URI `after` (from the start when absent). */
  page(after: string | undefined, limit: number): { resources: Resource[]; hasMore: boolean }
}

export function createCatalog(content: DemoContent, live: LiveData): Catalog {
  const { entries, workspace } = content
  const liveFile = workspace.liveFile
  const livePath = parentPath(liveFile.path)
  const present = () => live.filePresent

  const lookup = (uri: string): DemoEntry | undefined => {
    if (uri === liveFile.uri) return present() ? liveFile : undefined
    const folder = uri.startsWith(workspaceRoot.slice(0, -1)) && !uri.endsWith('/')
    return content.get(uri) ?? (folder ? content.get(`${uri}/`) : undefined)
  }

  const children = (folderPath: string) => {
    const list = workspace.children.get(folderPath)
    if (list === undefined || folderPath !== livePath || !present()) return list
    return [...list, liveFile].sort((a, b) => compareUris(a.uri, b.uri))
  }

  const page = (after: string | undefined, limit: number) => {
    const start = after === undefined ? 0 : firstIndexAfter(entries, after)
    const slice: DemoEntry[] = entries.slice(start, start + limit)
    let remaining = entries.length - start
    if (present() && (after === undefined || compareUris(liveFile.uri, after) > 0)) {
      remaining++
      const at = slice.findIndex((entry) => compareUris(liveFile.uri, entry.uri) < 0)
      if (at >= 0) slice.splice(at, 0, liveFile)
      else slice.push(liveFile)
      slice.length = Math.min(slice.length, limit)
    }
    return { resources: slice.map((entry) => entry.resource), hasMore: remaining > slice.length }
  }

  return { content, live, lookup, children, page }
}

/** Binary search: index of the first entry whose URI sorts after `uri`. */
function firstIndexAfter(entries: readonly DemoEntry[], uri: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compareUris(entries[mid]!.uri, uri) <= 0) low = mid + 1
    else high = mid
  }
  return low
}
