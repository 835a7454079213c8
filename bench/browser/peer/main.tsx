// The peers of `npm run bench:browser`, over the very items the picker listed
// (`/items.json`): `?peer=cmdk` renders a cmdk list of them (cmdk filters and sorts with its
// own scorer), `?peer=fuse` searches them with fuse.js alone and renders the top 50,
// `?peer=ours` does the same with @resource-kit/search; `?peer=client&servers=URL,URL`
// walks the servers with the client alone, no picker, and `?peer=wire&servers=…` with bare
// `fetch` calls, no SDK (the browser's own floor for a walk of sequential cursors);
// `?peer=wire-worker&servers=…` makes those calls in a Web Worker.
// `window.__peer` reports the timings the runner reads.
import { createResourceClient } from '@resource-kit/client'
import { createResourceSearch } from '@resource-kit/search'
import { Command } from 'cmdk'
import Fuse from 'fuse.js'
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { walkAllWire } from './walkWire.ts'

interface Item {
  id: string
  name: string
  title?: string
  uri: string
  description?: string
}

/** The same keys and weights as the search package's fuse.js ranking. */
const FUSE_KEYS = [
  { name: 'name', weight: 3 },
  { name: 'title', weight: 2 },
  { name: 'uri', weight: 1 },
  { name: 'description', weight: 0.5 },
]

const report: Record<string, number> = {}
;(window as unknown as { __peer: typeof report }).__peer = report

function CmdkList({ items }: { items: Item[] }) {
  useEffect(() => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        report.allRows = performance.now()
      }),
    )
  }, [])
  return (
    <Command label="Resources">
      <Command.Input aria-label="Search resources" />
      <Command.List aria-label="Resources" id="list">
        {items.map((item) => (
          <Command.Item
            key={item.id}
            value={item.id}
            keywords={[item.name, item.title ?? '', item.uri]}
          >
            {item.name}
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  )
}

/** A plain input and a list of the top 50, like a picker without virtualization. */
function searchList(search: (query: string) => Item[]) {
  const root = document.getElementById('root')!
  const input = document.createElement('input')
  input.setAttribute('aria-label', 'Search resources')
  const list = document.createElement('ul')
  list.id = 'list'
  root.append(input, list)
  input.addEventListener('input', () => {
    const rows = search(input.value).map((item) => {
      const row = document.createElement('li')
      row.textContent = `${item.name} ${item.uri}`
      return row
    })
    list.replaceChildren(...rows)
  })
  report.allRows = performance.now()
}

/** Every server walked to its end (or the client's page cap) by the client alone. */
async function walkWithClient(urls: string[]) {
  const client = createResourceClient()
  for (const [i, url] of urls.entries()) client.addServer(`s${i}`, { url })
  await Promise.all(urls.map((_, i) => client.ready(`s${i}`)))
  const started = performance.now()
  const walks = await Promise.all(urls.map((_, i) => client.walkResources(`s${i}`)))
  report.walkMs = performance.now() - started
  report.walked = walks.reduce((sum, walk) => sum + walk.items.length, 0)
  report.allRows = performance.now()
  await client.close()
}

async function walkWithFetch(urls: string[]) {
  const started = performance.now()
  report.walked = await walkAllWire(urls)
  report.walkMs = performance.now() - started
  report.allRows = performance.now()
}

/** The same walk in a Web Worker (`wireWorker.ts`), timed there. */
async function walkWithFetchInWorker(urls: string[]) {
  const worker = new Worker(new URL('./wireWorker.ts', import.meta.url), { type: 'module' })
  const done = new Promise<{ walked: number; walkMs: number } | { error: string }>((resolve) =>
    worker.addEventListener('message', (event) => resolve(event.data), { once: true }),
  )
  worker.postMessage(urls)
  const walk = await done
  worker.terminate()
  if ('error' in walk) throw new Error(`the walk in a worker failed: ${walk.error}`)
  Object.assign(report, walk)
  report.allRows = performance.now()
}

async function main() {
  const params = new URLSearchParams(location.search)
  const peer = params.get('peer')
  const servers = (params.get('servers') ?? '').split(',')
  if (peer === 'client') return walkWithClient(servers)
  if (peer === 'wire') return walkWithFetch(servers)
  if (peer === 'wire-worker') return walkWithFetchInWorker(servers)
  const items = (await (await fetch('/items.json')).json()) as Item[]
  report.itemsLoaded = performance.now()
  if (peer === 'cmdk') {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <CmdkList items={items} />
      </StrictMode>,
    )
  } else if (peer === 'fuse') {
    const started = performance.now()
    const index = Fuse.createIndex(FUSE_KEYS, items)
    report.buildMs = performance.now() - started
    const fuse = new Fuse(items, { keys: FUSE_KEYS, includeScore: true }, index)
    searchList((query) => fuse.search(query, { limit: 50 }).map((hit) => hit.item))
  } else {
    const search = createResourceSearch<Item>()
    const started = performance.now()
    search.setItems(items)
    report.buildMs = performance.now() - started
    searchList((query) => search.search(query).map((hit) => hit.item))
  }
}

void main()
