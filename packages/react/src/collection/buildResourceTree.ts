// Sources → tree: one subtree per server (serverTree.ts: URI groups, path folders,
// resources, lazy directories, the "Templates" group). `growResourceTree` keeps one
// server's subtree and changes it as the server's list changes, at the cost of the change.
import { serverNodeId } from '../shared/ids.ts'
import { unsortedChildren } from './lazyChildren.ts'
import { arrayOr } from './readItems.ts'
import { ServerTree } from './serverTree.ts'
import type {
  ResourceTree,
  ResourceTreeOptions,
  ResourceTreeSource,
  ServerNode,
  TreeNode,
} from './treeTypes.ts'

/** Every node under `roots`, by id (walks the unsorted children: no sorting). */
function indexNodes(roots: readonly TreeNode[]): Map<string, TreeNode> {
  const nodes = new Map<string, TreeNode>()
  const stack: TreeNode[] = [...roots]
  while (stack.length > 0) {
    const node = stack.pop()
    if (!node) break
    nodes.set(node.id, node)
    if (node.kind === 'server' || node.kind === 'folder' || node.kind === 'directory') {
      for (const child of unsortedChildren(node)) stack.push(child)
    }
  }
  return nodes
}

function resolveOptions(options: ResourceTreeOptions): Required<ResourceTreeOptions> {
  return {
    sort: options.sort === 'name' ? 'name' : 'priority',
    hideAssistantOnly: options.hideAssistantOnly === true,
  }
}

/** A server's subtree (the label falls back to the id). */
function startServer(
  source: ResourceTreeSource,
  options: Required<ResourceTreeOptions>,
): ServerTree {
  const { serverId, serverName } = source
  const label = typeof serverName === 'string' && serverName !== '' ? serverName : serverId
  const server: ServerNode = {
    kind: 'server',
    id: serverNodeId(serverId),
    serverId,
    parentId: null,
    label,
    children: [],
  }
  const tree = new ServerTree(server, options.hideAssistantOnly, options.sort)
  tree.addResources(arrayOr<unknown>(source.resources))
  tree.addTemplates(arrayOr<unknown>(source.templates))
  return tree
}

/** The tree object over `servers` (its id index is built on first read: the picker never reads it). */
function treeOf(
  servers: readonly TreeNode[],
  options: Required<ResourceTreeOptions>,
): ResourceTree {
  let nodes: Map<string, TreeNode> | undefined
  const tree = { servers, options } as unknown as ResourceTree
  Object.defineProperty(tree, 'nodes', {
    enumerable: true,
    get: () => {
      if (nodes === undefined) nodes = indexNodes(servers)
      return nodes
    },
  })
  return tree
}

/**
 * Builds the resource tree of several servers. Never throws: items without a string
 * `uri`/`name` are skipped, a repeated URI (or server id) keeps its first occurrence.
 */
export function buildResourceTree(
  sources: readonly ResourceTreeSource[],
  options: ResourceTreeOptions = {},
): ResourceTree {
  const resolved = resolveOptions(options)
  const servers: TreeNode[] = []
  const seenServers = new Set<string>()
  for (const source of arrayOr<ResourceTreeSource>(sources)) {
    if (typeof source !== 'object' || source === null) continue
    if (typeof source.serverId !== 'string' || seenServers.has(source.serverId)) continue
    seenServers.add(source.serverId)
    servers.push(startServer(source, resolved).server)
  }
  return treeOf(servers, resolved)
}

/** A change of a server's list: what left it and what came (a changed resource is both). */
export interface ResourceListDiff {
  /** Resources given before (to `growResourceTree`, `append` or `apply`): the same objects. */
  removed: readonly unknown[]
  /** Resources new to the list, in any order. */
  added: readonly unknown[]
}

/** One server's tree that changes as its list changes (see `growResourceTree`). */
export interface GrowingResourceTree {
  /** The tree now: a new object after each change (its nodes are shared and change in place). */
  readonly tree: ResourceTree
  /**
   * Adds resources appended to the server's list, at their cost alone (a directory over a
   * folder already made takes it over, at the cost of that folder's children). True; false
   * only for a tree over an invalid source.
   */
  append(resources: readonly unknown[]): boolean
  /**
   * Applies a change of the list at its cost (the nodes removed and added, the folders they
   * empty or make, pointer moves in the sorted runs they touch; nothing is sorted until
   * read): the tree is then the one a full build of the new list makes, whatever its
   * order. False, changing nothing, when it cannot promise that: build the tree again.
   * That is when the list names one URI twice, or two directories at one path (before or
   * after the change: which one shows depends on the order), or a removed object is not
   * one it was given (or is given twice).
   */
  apply(diff: ResourceListDiff): boolean
}

/** The tree of one server, ready to change page by page and diff by diff. */
export function growResourceTree(
  source: ResourceTreeSource,
  options: ResourceTreeOptions = {},
): GrowingResourceTree {
  const resolved = resolveOptions(options)
  const valid = typeof source === 'object' && source !== null && typeof source.serverId === 'string'
  if (!valid) {
    const tree = treeOf([], resolved)
    return { tree, append: () => false, apply: () => false }
  }
  const server = startServer(source, resolved)
  const servers = [server.server]
  let tree = treeOf(servers, resolved)
  const changed = (ok: boolean) => {
    if (ok) tree = treeOf(servers, resolved)
    return ok
  }
  return {
    get tree() {
      return tree
    },
    append: (resources) => {
      server.addResources(resources)
      return changed(true)
    },
    apply: (diff) => changed(server.applyDiff(diff.removed, diff.added)),
  }
}
