// A page that runs a ResourceClient with the IndexedDB persister against the demo server
// named in `?server=`, as `?partition=`; the test drives it through `window.__persist`.
import { createResourceClient } from '@resource-kit/client'
import { persistResourceCache } from '@resource-kit/client/persist'

const params = new URLSearchParams(location.search)
const client = createResourceClient({
  partition: params.get('partition') ?? 'default',
  // Every input request is answered: booleans true, anything else "yes".
  inputHandler: async (request) => {
    const fields = request.mode === 'form' ? request.fields : []
    const content = Object.fromEntries(
      fields.map((field) => [field.name, field.type === 'boolean' ? true : 'yes']),
    )
    return { action: 'accept', content }
  },
})
const persisted = persistResourceCache(client, { throttleTime: 50 })
client.addServer('demo', { url: params.get('server')! })

/** Stored record of a partition, as the persister wrote it. */
function storedRecord(partition: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('resource-kit')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const database = open.result
      const request = database
        .transaction('cache')
        .objectStore('cache')
        .get(`resource-kit:${partition}`)
      request.onsuccess = () => {
        resolve(request.result)
        database.close()
      }
      request.onerror = () => reject(request.error)
    }
  })
}

const api = {
  restored: persisted.restored.then(() => true),
  async walk() {
    const walk = await client.walkResources('demo')
    return { count: walk.items.length, uris: walk.items.map((item) => item.uri) }
  },
  async read(uri: string) {
    const result = await client.read('demo', uri)
    return result.contents.length
  },
  /** Whether the cache holds the first list page right after the restore (shown at once). */
  hasFirstPage() {
    return (
      client.queryClient.getQueryData([
        'mcp',
        'demo',
        client.partition,
        'resources',
        'list',
        null,
      ]) !== undefined
    )
  },
  async storedKeys(partition: string) {
    const record = (await storedRecord(partition)) as
      | { clientState: { queries: { queryKey: unknown[] }[] } }
      | undefined
    return record?.clientState.queries.map((query) => JSON.stringify(query.queryKey)) ?? null
  },
  clear: () => persisted.clear(),
}
;(window as unknown as { __persist: typeof api }).__persist = api
