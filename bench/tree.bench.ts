// The picker's resource tree at 10,000 and 100,000 resources: `buildResourceTree` (folders
// are sorted lazily, on first read), the list view's one sorted run (`listItemsOf`), and the
// first expansion of every top folder. Peers measured in the same run: a plain
// `Array.prototype.sort` of the same URIs, and a naive tree (split every URI, group into
// nested Maps). Times are medians of warm rounds, plus the first (cold) round. Then a
// list_changed of one resource (its title changed: one removed, one added) applied to a
// grown tree (`growResourceTree().apply`), against a full build of the same new list.
import {
  buildResourceTree,
  growResourceTree,
} from '../packages/react/src/collection/buildResourceTree.ts'
import { listItemsOf } from '../packages/react/src/collection/flatList.ts'
import { flattenTree } from '../packages/react/src/collection/flattenTree.ts'

const ROUNDS = 7
const PROJECTS = ['web-app', 'api-server', 'docs', 'design-system', 'data-pipeline', 'infra']
const DIRS = ['src', 'test', 'lib', 'components', 'hooks', 'utils', 'assets', 'config']
const EXTS = ['.ts', '.tsx', '.md', '.json', '.css', '.png']

/** Deterministic resources: files four levels deep, some tickets and tables, a few priorities. */
function resources(count: number) {
  const items = []
  for (let i = 0; i < count; i++) {
    const kind = i % 10
    if (kind === 8) {
      items.push({ uri: `ticket://${PROJECTS[i % 6]}/${i}`, name: `T-${i}`, title: `Ticket ${i}` })
    } else if (kind === 9) {
      items.push({ uri: `db://prod/table_${i}`, name: `table_${i}`, mimeType: 'application/sql' })
    } else {
      const dir = `${PROJECTS[i % 6]}/${DIRS[(i >> 3) % 8]}/${DIRS[(i >> 6) % 8]}-${(i >> 9) % 40}`
      const name = `file-${(i * 7919) % count}${EXTS[i % 6]}`
      items.push({
        uri: `file:///workspace/${dir}/${name}`,
        name,
        ...(i % 7 === 0 && { annotations: { priority: (i % 5) / 4 } }),
      })
    }
  }
  return items
}

/** The naive peer: split each URI and group into nested Maps (no ids, labels or order). */
function naiveTree(items: readonly { uri: string }[]) {
  const root = new Map<string, unknown>()
  for (const item of items) {
    let level = root
    for (const part of item.uri.split('/')) {
      let next = level.get(part) as Map<string, unknown> | undefined
      if (!next) {
        next = new Map()
        level.set(part, next)
      }
      level = next
    }
  }
  return root
}

function measure(run: () => unknown, rounds = ROUNDS): { cold: number; warm: number } {
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    run()
    times.push(performance.now() - started)
  }
  const warm = times.slice(1).sort((a, b) => a - b)
  return { cold: times[0]!, warm: warm[Math.floor(warm.length / 2)]! }
}

const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`

type Item = ReturnType<typeof resources>[number]

/**
 * One resource changed per round, applied to a tree grown over `items` and read as the
 * picker reads it (`read`), against a full build of the same new list read the same way.
 */
function diffRows(items: Item[], read: (tree: ReturnType<typeof buildResourceTree>) => unknown) {
  const list = items.slice()
  const grown = growResourceTree({ serverId: 'bench', resources: list })
  read(grown.tree)
  let round = 0
  const change = () => {
    // A file deep in a folder, a different one each round; its new title re-sorts it.
    const at = (round++ * 7919 + 11) % list.length
    const old = list[at]!
    const renamed = { ...old, title: `Renamed ${round}` } as Item
    list[at] = renamed
    return { removed: [old], added: [renamed] }
  }
  const apply = measure(() => {
    if (!grown.apply(change())) throw new Error('the bench diff was refused')
    return read(grown.tree)
  }, 41)
  // The same reads with no change between them: what the reading costs by itself.
  const still = measure(() => read(grown.tree), 41)
  const full = measure(() => {
    change()
    return read(buildResourceTree([{ serverId: 'bench', resources: list }]))
  })
  return { apply, still, full }
}

export default async function treeBench(): Promise<void> {
  // Let the JIT see every path once, so the 10,000 row is not mostly compile time.
  const warmup = [{ serverId: 'warmup', resources: resources(5_000) }]
  for (let i = 0; i < 3; i++) {
    const tree = buildResourceTree(warmup)
    listItemsOf(tree.servers[0]!, tree)
    flattenTree(tree.servers[0]!.children, new Set(tree.servers[0]!.children.map((n) => n.id)))
  }
  for (const count of [10_000, 100_000]) {
    const items = resources(count)
    const sources = [{ serverId: 'bench', resources: items }]
    const build = measure(() => buildResourceTree(sources))
    const list = measure(() => {
      const tree = buildResourceTree(sources)
      return listItemsOf(tree.servers[0]!, tree)
    })
    const expand = measure(() => {
      const tree = buildResourceTree(sources)
      const server = tree.servers[0]!
      const open = new Set([server.id, ...server.children.map((n) => n.id)])
      return flattenTree(server.children, open)
    })
    const sort = measure(() => items.map((r) => r.uri).sort())
    const naive = measure(() => naiveTree(items))
    const rows = [
      ['buildResourceTree', build],
      ['build + list view (listItemsOf)', list],
      ['build + open every top folder', expand],
      ['peer: Array.prototype.sort of the URIs', sort],
      ['peer: naive Map tree', naive],
    ] as const
    console.log(`${count.toLocaleString('en-US')} resources (warm median, cold first round)`)
    for (const [name, t] of rows) {
      console.log(
        `  ${name.padEnd(40)} ${ms(t.warm).padStart(10)} ${ms(t.cold).padStart(10)}` +
          `   ×${(t.warm / sort.warm).toFixed(2)} sort, ×${(t.warm / naive.warm).toFixed(2)} naive`,
      )
    }
    const readList = (tree: ReturnType<typeof buildResourceTree>) =>
      listItemsOf(tree.servers[0]!, tree)
    const readFolders = (tree: ReturnType<typeof buildResourceTree>) => {
      const server = tree.servers[0]!
      return flattenTree(server.children, new Set([server.id, ...server.children.map((n) => n.id)]))
    }
    console.log('  list_changed, 1 resource changed (apply: warm median of 40 rounds)')
    for (const [name, read] of [
      ['tree, nothing read', () => undefined],
      ['+ list view (listItemsOf)', readList],
      ['+ every top folder open', readFolders],
    ] as const) {
      const { apply, still, full } = diffRows(items, read)
      console.log(
        `  ${`apply ${name}`.padEnd(40)} ${ms(apply.warm).padStart(10)} ${ms(full.warm).padStart(10)} full build` +
          `   ×${(apply.warm / full.warm).toFixed(4)} full build (${(full.warm / apply.warm).toFixed(0)}× faster);` +
          ` the reads alone ${ms(still.warm)}`,
      )
    }
  }
}
