// Real list passes (the client's createSharedList) over pages held in memory, for the
// source store's tests: a test changes the pages and refreshes, as a server's list_changed would.
import {
  createResourceList,
  createSharedList,
  type OwnedList,
  type Resource,
  type ResourceTemplate,
} from '@resource-kit/client'
import { vi } from 'vitest'

export interface MemoryList<T> {
  list: OwnedList<T>
  /** The pages the server lists now. */
  pages: T[][]
}

function host<T>(memory: { pages: T[][] }) {
  return {
    serverId: 's',
    maxPages: 1000,
    partition: () => 'default',
    now: () => Date.now(),
    fetchPage: async (cursor: string | undefined) => {
      const index = cursor === undefined ? 0 : Number(cursor)
      const next = index + 1 < memory.pages.length ? String(index + 1) : undefined
      return {
        page: {
          items: memory.pages[index] ?? [],
          ...(next !== undefined && { nextCursor: next }),
          ttlMs: 60_000,
          cacheScope: 'public' as const,
        },
        receivedAt: Date.now(),
      }
    },
  }
}

export function memoryResources(pages: Resource[][]): MemoryList<Resource> {
  const memory = { pages } as MemoryList<Resource>
  memory.list = createResourceList(host(memory))
  return memory
}

export function memoryTemplates(pages: ResourceTemplate[][]): MemoryList<ResourceTemplate> {
  const memory = { pages } as MemoryList<ResourceTemplate>
  memory.list = createSharedList<ResourceTemplate>({
    ...host(memory),
    method: 'resources/templates/list',
    keyOf: (template) => template.uriTemplate,
  })
  return memory
}

/** Walks the list to its end. */
export async function walk<T>(memory: MemoryList<T>): Promise<void> {
  await memory.list.load()
}

/** The server's list changed: walked again from page 1 until the new pass replaced the old. */
export async function revalidate<T>(memory: MemoryList<T>): Promise<void> {
  const before = memory.list.getSnapshot().version
  memory.list.refresh()
  await vi.waitFor(() => {
    const snapshot = memory.list.getSnapshot()
    if (snapshot.revalidating || snapshot.loading || snapshot.version === before)
      throw new Error('still revalidating')
  })
}

/** `count` resources `file-<from + i>.md`, in pages of `pageSize`. */
export function resourcePages(count: number, pageSize = 100, from = 0): Resource[][] {
  const pages: Resource[][] = []
  for (let i = 0; i < count; i += pageSize) {
    pages.push(
      Array.from({ length: Math.min(pageSize, count - i) }, (_, k) => {
        const n = from + i + k
        return { uri: `file:///w/f${n}.md`, name: `file-${n}.md` }
      }),
    )
  }
  return pages
}
