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
interface Box {
  node: ContainerNode
  raw: TreeNode[]
}

function box<T extends ContainerNode>(node: T, sort: TreeSort): Box {
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

/** Adds one server's resources and templates under its box. */
function fillServer(server: Box, source: ResourceTreeSource, hide: boolean, sort: TreeSort): void {
  const serverId = source.serverId
  // Keyed by group + NUL-joined raw segments: never collides with another group's key.
  const containers = new Map<string, Box>()
  const seen = new Set<string>()
  const directories: Resource[] = []
  const files: Resource[] = []
  for (const item of arrayOr<unknown>(source.resources)) {
    if (!isUsableResource(item) || seen.has(item.uri)) continue
    if (hide && isAssistantOnly(item)) continue
    seen.add(item.uri)
    ;(isDirectoryResource(item) ? directories : files).push(item)
  }

  /** The container at `folders[0..count)` under `group`, created (as folders) on the way. */
  const walk = (group: string, joiner: string, folders: readonly string[], count: number) => {
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
      parent = box(node, sort)
      containers.set(key, parent)
      adopt(server, parent)
    }
    let prefix = group
    for (let i = 0; i < count; i++) {
      const segment = folders[i]!
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
        next = box(node, sort)
        containers.set(key, next)
        adopt(parent, next)
      }
      parent = next
    }
    return parent
  }

  // Shallow directories first, so a deeper one finds its ancestors already claimed.
  const placed = directories.map((resource) => ({ resource, place: splitUri(resource.uri, true) }))
  placed.sort((a, b) => a.place.folders.length - b.place.folders.length)
  for (const { resource, place } of placed) {
    const { group, joiner, folders } = place
    const key = folders.length === 0 ? group : `${group}\u0000${folders.join('\u0000')}`
    const directory: DirectoryNode = {
      kind: 'directory',
      id: resourceNodeId(serverId, resource.uri),
      serverId,
      parentId: null,
      label: itemLabel(resource),
      resource,
      lazy: true,
      children: [],
    }
    const node = box(directory, sort)
    if (containers.has(key) || folders.length === 0) {
      // The path is taken (a second directory for it), or it is the group itself: a sibling.
      const parent =
        folders.length === 0 ? server : walk(group, joiner, folders, folders.length - 1)
      if (!containers.has(key)) containers.set(key, node)
      adopt(parent, node)
      continue
    }
    adopt(walk(group, joiner, folders, folders.length - 1), node)
    containers.set(key, node)
  }
  // Most files share a folder with the file before: look it up by the URI's text up to its
  // last slash, and split the URI only for the first file of each folder.
  const byPrefix = new Map<string, Box>()
  for (const resource of files) {
    const uri = resource.uri
    const prefix = folderPrefix(uri)
    let container = prefix === undefined ? undefined : byPrefix.get(prefix)
    if (!container) {
      const { group, joiner, folders } = splitUri(uri, false)
      container = walk(group, joiner, folders, folders.length)
      if (prefix !== undefined) byPrefix.set(prefix, container)
    }
    const node: ResourceNode = {
      kind: 'resource',
      id: resourceNodeId(serverId, uri),
      serverId,
      parentId: container.node.id,
      label: itemLabel(resource),
      resource,
    }
    container.raw.push(node)
  }

  const templates: TemplateNode[] = []
  const seenTemplates = new Set<string>()
  for (const template of arrayOr<unknown>(source.templates)) {
    if (!isUsableTemplate(template) || seenTemplates.has(template.uriTemplate)) continue
    if (hide && isAssistantOnly(template)) continue
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
  if (templates.length > 0) {
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
      sort,
    )
    group.raw.push(...templates)
    adopt(server, group)
  }
}

/** Every node under `roots`, by id (walks the unsorted children: no sorting). */
function indexNodes(roots: readonly TreeNode[]): Map<string, TreeNode> {
  const nodes = new Map<string, TreeNode>()
  const stack: TreeNode[] = [...roots]
  while (stack.length > 0) {
    const node = stack.pop()!
    nodes.set(node.id, node)
    if (node.kind === 'server' || node.kind === 'folder' || node.kind === 'directory') {
      for (const child of unsortedChildren(node)) stack.push(child)
    }
  }
  return nodes
}

/**
 * Builds the resource tree of several servers. Never throws: items without a string
 * `uri`/`name` are skipped, a repeated URI (or server id) keeps its first occurrence.
 */
export function buildResourceTree(
  sources: readonly ResourceTreeSource[],
  options: ResourceTreeOptions = {},
): ResourceTree {
  const resolved = {
    sort: options.sort === 'name' ? ('name' as const) : ('priority' as const),
    hideAssistantOnly: options.hideAssistantOnly === true,
  }
  const servers: TreeNode[] = []
  const seenServers = new Set<string>()
  for (const source of arrayOr<ResourceTreeSource>(sources)) {
    if (typeof source !== 'object' || source === null) continue
    const { serverId, serverName } = source
    if (typeof serverId !== 'string' || seenServers.has(serverId)) continue
    seenServers.add(serverId)
    const label = typeof serverName === 'string' && serverName !== '' ? serverName : serverId
    const server = box(
      { kind: 'server', id: serverNodeId(serverId), serverId, parentId: null, label, children: [] },
      resolved.sort,
    )
    fillServer(server, source, resolved.hideAssistantOnly, resolved.sort)
    servers.push(server.node)
  }
  // The id index is built on first read too (the picker never reads it).
  let nodes: Map<string, TreeNode> | undefined
  const tree = { servers, options: resolved } as unknown as ResourceTree
  Object.defineProperty(tree, 'nodes', {
    enumerable: true,
    get: () => {
      if (nodes === undefined) nodes = indexNodes(servers)
      return nodes
    },
  })
  return tree
}
