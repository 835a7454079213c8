// Sources → tree: server › URI group (`db://prod`, `file:///workspace`) › path folders ›
// resources, plus a "Templates" group per server. `inode/directory` resources become lazy
// folder nodes at their path, and resources already listed under that path merge into them.
import type { Resource } from '@resource-kit/client'
import { isAssistantOnly } from './annotations.ts'
import {
  folderNodeId,
  resourceNodeId,
  serverNodeId,
  templateNodeId,
  templatesNodeId,
} from './nodeIds.ts'
import {
  arrayOr,
  isDirectoryResource,
  isUsableResource,
  isUsableTemplate,
  itemLabel,
} from './readItems.ts'
import { compareRanked, type RankedNode, rankNode } from './sortNodes.ts'
import { segmentLabel, splitUri } from './splitUri.ts'
import type {
  DirectoryNode,
  FolderNode,
  ResourceTree,
  ResourceTreeOptions,
  ResourceTreeSource,
  TreeNode,
} from './treeTypes.ts'

// Built mutably, then sorted and frozen into the public (readonly) shape in one walk.
interface Draft extends RankedNode {
  children?: Draft[]
}

function draft(node: TreeNode, withChildren: boolean): Draft {
  const d: Draft = rankNode(node)
  if (withChildren) d.children = []
  return d
}

function directoryNode(serverId: string, resource: Resource): DirectoryNode {
  return {
    kind: 'directory',
    id: resourceNodeId(serverId, resource.uri),
    serverId,
    parentId: null,
    label: itemLabel(resource),
    resource,
    lazy: true,
    children: [],
  }
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

/** Adds one server's resources and templates under its draft. */
function fillServer(server: Draft, source: ResourceTreeSource, hide: boolean): void {
  const serverId = source.serverId
  // Keyed by group + NUL-joined raw segments: never collides with another group's key.
  const containers = new Map<string, Draft>()
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
        ...(group !== '' && { uri: group }),
        children: [],
      }
      parent = draft(node, true)
      containers.set(key, parent)
      server.children!.push(parent)
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
          ...(group !== '' && { uri: prefix }),
          children: [],
        }
        next = draft(node, true)
        containers.set(key, next)
        parent.children!.push(next)
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
    const node = draft(directoryNode(serverId, resource), true)
    if (containers.has(key) || folders.length === 0) {
      // The path is taken (a second directory for it), or it is the group itself: a sibling.
      const parent =
        folders.length === 0 ? server : walk(group, joiner, folders, folders.length - 1)
      if (!containers.has(key)) containers.set(key, node)
      parent.children!.push(node)
      continue
    }
    walk(group, joiner, folders, folders.length - 1).children!.push(node)
    containers.set(key, node)
  }
  // Most files share a folder with the file before: look it up by the URI's text up to its
  // last slash, and split the URI only for the first file of each folder.
  const byPrefix = new Map<string, Draft>()
  for (const resource of files) {
    const uri = resource.uri
    const prefix = folderPrefix(uri)
    let container = prefix === undefined ? undefined : byPrefix.get(prefix)
    if (!container) {
      const { group, joiner, folders } = splitUri(uri, false)
      container = walk(group, joiner, folders, folders.length)
      if (prefix !== undefined) byPrefix.set(prefix, container)
    }
    const node: TreeNode = {
      kind: 'resource',
      id: resourceNodeId(serverId, resource.uri),
      serverId,
      parentId: null,
      label: itemLabel(resource),
      resource,
    }
    container.children!.push(draft(node, false))
  }

  const templates: Draft[] = []
  const seenTemplates = new Set<string>()
  for (const template of arrayOr<unknown>(source.templates)) {
    if (!isUsableTemplate(template) || seenTemplates.has(template.uriTemplate)) continue
    if (hide && isAssistantOnly(template)) continue
    seenTemplates.add(template.uriTemplate)
    const node: TreeNode = {
      kind: 'template',
      id: templateNodeId(serverId, template.uriTemplate),
      serverId,
      parentId: null,
      label: itemLabel(template),
      template,
    }
    templates.push(draft(node, false))
  }
  if (templates.length > 0) {
    const group = draft(
      {
        kind: 'folder',
        folder: 'templates',
        id: templatesNodeId(serverId),
        serverId,
        parentId: null,
        label: 'Templates',
        children: [],
      },
      true,
    )
    group.children = templates
    server.children!.push(group)
  }
}

/** Sorts a draft's children and writes them (with parent ids) into the public nodes. */
function finish(
  d: Draft,
  compare: (a: RankedNode, b: RankedNode) => number,
  nodes: Map<string, TreeNode>,
): void {
  nodes.set(d.node.id, d.node)
  if (!d.children) return
  d.children.sort(compare)
  const children: TreeNode[] = new Array(d.children.length)
  for (let i = 0; i < d.children.length; i++) {
    const child = d.children[i]!
    ;(child.node as { parentId: string | null }).parentId = d.node.id
    children[i] = child.node
    finish(child, compare, nodes)
  }
  ;(d.node as unknown as { children: TreeNode[] }).children = children
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
  const compare = compareRanked(resolved.sort)
  const nodes = new Map<string, TreeNode>()
  const servers = []
  const seenServers = new Set<string>()
  for (const source of arrayOr<ResourceTreeSource>(sources)) {
    if (typeof source !== 'object' || source === null) continue
    const { serverId, serverName } = source
    if (typeof serverId !== 'string' || seenServers.has(serverId)) continue
    seenServers.add(serverId)
    const label = typeof serverName === 'string' && serverName !== '' ? serverName : serverId
    const server = draft(
      { kind: 'server', id: serverNodeId(serverId), serverId, parentId: null, label, children: [] },
      true,
    )
    fillServer(server, source, resolved.hideAssistantOnly)
    finish(server, compare, nodes)
    servers.push(server.node)
  }
  return { servers, nodes, options: resolved } as ResourceTree
}
