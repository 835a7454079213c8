// Sources → tree: server › URI group (`db://prod`, `file:///workspace`) › path folders ›
// resources, plus a "Templates" group per server. `inode/directory` resources become lazy
// folder nodes at their path, and resources already listed under that path merge into them.
import type { Resource } from '@resource-kit/client'
import {
  folderNodeId,
  resourceNodeId,
  serverNodeId,
  templateNodeId,
  templatesNodeId,
} from '../shared/ids.ts'
import { isAssistantOnly } from './annotations.ts'
import { defineLazyChildren, unsortedChildren } from './lazyChildren.ts'
import {
  arrayOr,
  isDirectoryResource,
  isUsableResource,
  isUsableTemplate,
  itemLabel,
} from './readItems.ts'
import { SortedNodes } from './sortedNodes.ts'
import { segmentLabel, splitUri } from './splitUri.ts'
import type {
  ContainerNode,
  DirectoryNode,
  FolderNode,
  ResourceNode,
  ResourceTree,
  ResourceTreeOptions,
  ResourceTreeSource,
  TemplateNode,
  TreeNode,
  TreeSort,
} from './treeTypes.ts'

// A container while the tree is built: its public node and the children gathered so far.
// Each child gets its parent id when created; children are sorted only when first read
// (lazyChildren.ts), so building does no sorting at all.
export interface Box {
  node: ContainerNode
  raw: TreeNode[]
}

export function box<T extends ContainerNode>(node: T, sort: TreeSort): Box {
  const raw: TreeNode[] = []
  defineLazyChildren(node, raw, sort)
  return { node, raw }
}

function adopt(parent: Box, child: Box): void {
  ;(child.node as { parentId: string | null }).parentId = parent.node.id
  parent.raw.push(child.node)
}

/**
 * The URI up to its last slash when that alone decides the file's folder (no query or
 * fragment, no trailing slash, the slash not part of `//authority`); else undefined.
 */
function folderPrefix(uri: string): string | undefined {
  const cut = uri.lastIndexOf('/')
  if (cut <= 0 || cut === uri.length - 1 || uri.charCodeAt(cut - 1) === 47) return undefined
  if (uri.includes('?') || uri.includes('#')) return undefined
  return uri.slice(0, cut)
}

// Directories sit among the resources in the list view; templates come last.
const listRank = (node: TreeNode) => (node.kind === 'template' ? 2 : 1)
const LISTED = Symbol('rk.listed')

/** The server's list items in list order, kept sorted as the server's tree grows. */
export function listedOf(server: TreeNode): SortedNodes | undefined {
  return (server as { [LISTED]?: SortedNodes })[LISTED]
}

/**
 * Fills one server's box, and keeps what it needs to add more resources later (a page
 * appended to the list) at the cost of those resources alone.
 */
export class ServerBuilder {
  readonly server: Box
  #serverId: string
  #hide: boolean
  #sort: TreeSort
  // Keyed by group + NUL-joined raw segments: never collides with another group's key.
  #containers = new Map<string, Box>()
  #seen = new Set<string>()
  // Most files share a folder with the file before: looked up by the URI's text up to its
  // last slash, so the URI is split only for the first file of each folder.
  #byPrefix = new Map<string, Box>()
  #listed: SortedNodes
  #pending: TreeNode[] = []

  constructor(server: Box, serverId: string, hide: boolean, sort: TreeSort) {
    this.server = server
    this.#serverId = serverId
    this.#hide = hide
    this.#sort = sort
    this.#listed = new SortedNodes(sort, listRank)
    // The list order is merged on first read after a change.
    Object.defineProperty(server.node, LISTED, {
      enumerable: false,
      configurable: true,
      get: () => {
        if (this.#pending.length > 0) {
          this.#listed.add(this.#pending)
          this.#pending = []
        }
        return this.#listed
      },
    })
  }

  /**
   * Adds resources: directories first (shallow ones first, so a deeper one finds its
   * ancestors already claimed), then files. With `appending`, returns false without adding
   * anything when a directory would claim a path that already holds a folder (only a
   * rebuild places it as building everything at once would).
   */
  addResources(list: readonly unknown[], appending = false): boolean {
    const directories: Resource[] = []
    const files: Resource[] = []
    const fresh = new Set<string>()
    for (const item of arrayOr<unknown>(list)) {
      if (!isUsableResource(item) || this.#seen.has(item.uri) || fresh.has(item.uri)) continue
      if (this.#hide && isAssistantOnly(item)) continue
      fresh.add(item.uri)
      ;(isDirectoryResource(item) ? directories : files).push(item)
    }
    const placed = directories.map((resource) => ({
      resource,
      place: splitUri(resource.uri, true),
    }))
    if (appending && placed.some(({ place }) => this.#containers.has(keyOf(place)))) return false
    for (const uri of fresh) this.#seen.add(uri)
    placed.sort((a, b) => a.place.folders.length - b.place.folders.length)
    for (const { resource, place } of placed) this.#addDirectory(resource, place)
    for (const resource of files) this.#addFile(resource)
    return true
  }

  addTemplates(list: readonly unknown[]): void {
    const serverId = this.#serverId
    const templates: TemplateNode[] = []
    const seenTemplates = new Set<string>()
    for (const template of arrayOr<unknown>(list)) {
      if (!isUsableTemplate(template) || seenTemplates.has(template.uriTemplate)) continue
      if (this.#hide && isAssistantOnly(template)) continue
      seenTemplates.add(template.uriTemplate)
      templates.push({
        kind: 'template',
        id: templateNodeId(serverId, template.uriTemplate),
        serverId,
        parentId: templatesNodeId(serverId),
        label: itemLabel(template),
        template,
      })
    }
    if (templates.length === 0) return
    const group = box(
      {
        kind: 'folder',
        folder: 'templates',
        id: templatesNodeId(serverId),
        serverId,
        parentId: null,
        label: 'Templates',
        children: [],
      },
      this.#sort,
    )
    for (const node of templates) {
      group.raw.push(node)
      this.#pending.push(node)
    }
    adopt(this.server, group)
  }

  #addDirectory(resource: Resource, place: UriPlace): void {
    const { group, joiner, folders } = place
    const key = keyOf(place)
    const directory: DirectoryNode = {
      kind: 'directory',
      id: resourceNodeId(this.#serverId, resource.uri),
      serverId: this.#serverId,
      parentId: null,
      label: itemLabel(resource),
      resource,
      lazy: true,
      children: [],
    }
    const node = box(directory, this.#sort)
    this.#pending.push(directory)
    if (this.#containers.has(key) || folders.length === 0) {
      // The path is taken (a second directory for it), or it is the group itself: a sibling.
      const parent =
        folders.length === 0 ? this.server : this.#walk(group, joiner, folders, folders.length - 1)
      if (!this.#containers.has(key)) this.#containers.set(key, node)
      adopt(parent, node)
      return
    }
    adopt(this.#walk(group, joiner, folders, folders.length - 1), node)
    this.#containers.set(key, node)
  }

  #addFile(resource: Resource): void {
    const uri = resource.uri
    const prefix = folderPrefix(uri)
    let container = prefix === undefined ? undefined : this.#byPrefix.get(prefix)
    if (!container) {
      const { group, joiner, folders } = splitUri(uri, false)
      container = this.#walk(group, joiner, folders, folders.length)
      if (prefix !== undefined) this.#byPrefix.set(prefix, container)
    }
    const node: ResourceNode = {
      kind: 'resource',
      id: resourceNodeId(this.#serverId, uri),
      serverId: this.#serverId,
      parentId: container.node.id,
      label: itemLabel(resource),
      resource,
    }
    container.raw.push(node)
    this.#pending.push(node)
  }

  /** The container at `folders[0..count)` under `group`, created (as folders) on the way. */
  #walk(group: string, joiner: string, folders: readonly string[], count: number): Box {
    const serverId = this.#serverId
    const containers = this.#containers
    let key = group
    let parent = containers.get(key)
    if (!parent) {
      const node: FolderNode = {
        kind: 'folder',
        folder: 'authority',
        id: folderNodeId(serverId, key),
        serverId,
        parentId: null,
        label: group === '' ? 'Other' : group,
        children: [],
      }
      if (group !== '') node.uri = group
      parent = box(node, this.#sort)
      containers.set(key, parent)
      adopt(this.server, parent)
    }
    let prefix = group
    for (let i = 0; i < count; i++) {
      const segment = folders[i] as string
      key = `${key}\u0000${segment}`
      prefix = `${prefix}${i === 0 ? joiner : '/'}${segment}`
      let next = containers.get(key)
      if (!next) {
        const node: FolderNode = {
          kind: 'folder',
          folder: 'path',
          id: folderNodeId(serverId, key),
          serverId,
          parentId: null,
          label: segmentLabel(segment),
          children: [],
        }
        if (group !== '') node.uri = prefix
        next = box(node, this.#sort)
        containers.set(key, next)
        adopt(parent, next)
      }
      parent = next
    }
    return parent
  }
}

type UriPlace = ReturnType<typeof splitUri>

function keyOf({ group, folders }: UriPlace): string {
  return folders.length === 0 ? group : `${group}\u0000${folders.join('\u0000')}`
}

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

/** A server's box and its builder (the label falls back to the id). */
function startServer(source: ResourceTreeSource, options: Required<ResourceTreeOptions>) {
  const { serverId, serverName } = source
  const label = typeof serverName === 'string' && serverName !== '' ? serverName : serverId
  const server = box(
    { kind: 'server', id: serverNodeId(serverId), serverId, parentId: null, label, children: [] },
    options.sort,
  )
  const builder = new ServerBuilder(server, serverId, options.hideAssistantOnly, options.sort)
  builder.addResources(arrayOr<unknown>(source.resources))
  builder.addTemplates(arrayOr<unknown>(source.templates))
  return builder
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
    servers.push(startServer(source, resolved).server.node)
  }
  return treeOf(servers, resolved)
}

/** One server's tree that grows as its list grows (see `growResourceTree`). */
export interface GrowingResourceTree {
  /** The tree now: a new object after each `append` (its nodes are shared and grow in place). */
  readonly tree: ResourceTree
  /**
   * Adds resources appended to the server's list, at their cost alone. False, adding
   * nothing, when one cannot be placed as a full build would place it (a directory over a
   * folder already made): build the tree again.
   */
  append(resources: readonly unknown[]): boolean
}

/** The tree of one server, ready to grow page by page (the same tree a full build makes). */
export function growResourceTree(
  source: ResourceTreeSource,
  options: ResourceTreeOptions = {},
): GrowingResourceTree {
  const resolved = resolveOptions(options)
  const valid = typeof source === 'object' && source !== null && typeof source.serverId === 'string'
  if (!valid) {
    const tree = treeOf([], resolved)
    return { tree, append: () => false }
  }
  const builder = startServer(source, resolved)
  const servers = [builder.server.node]
  let tree = treeOf(servers, resolved)
  return {
    get tree() {
      return tree
    },
    append(resources) {
      if (!builder.addResources(resources, true)) return false
      tree = treeOf(servers, resolved)
      return true
    },
  }
}
