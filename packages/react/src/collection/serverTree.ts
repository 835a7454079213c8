// One server's subtree: server › URI group (`db://prod`, `file:///workspace`) › path folders
// › resources, plus a "Templates" group. `inode/directory` resources become lazy folder nodes
// at their path, and resources listed under that path merge into them. Built once, then
// changed at the cost of the change (a page appended, or resources removed and added), into
// the very tree a full build of the resulting list makes. Nothing is sorted while it changes
// (sortedNodes.ts: each container's children and the list order sort on read).
import type { Resource } from '@resource-kit/client'
import { folderNodeId, resourceNodeId, templateNodeId, templatesNodeId } from '../shared/ids.ts'
import { isAssistantOnly } from './annotations.ts'
import { defineLazyChildren } from './lazyChildren.ts'
import {
  arrayOr,
  isDirectoryResource,
  isUsableResource,
  isUsableTemplate,
  itemLabel,
} from './readItems.ts'
import { SortedNodes } from './sortedNodes.ts'
import { segmentLabel, splitUri, type UriPlace } from './splitUri.ts'
import type {
  ContainerNode,
  DirectoryNode,
  FolderNode,
  ResourceNode,
  ServerNode,
  TemplateNode,
  TreeNode,
  TreeSort,
} from './treeTypes.ts'

/** A container and what changing it needs. */
interface Box {
  node: ContainerNode
  children: SortedNodes
  parent: Box | undefined
  /** Its key in the containers map: folders, and the directory that claims its path. */
  key: string | undefined
  /** File-URI prefixes the prefix cache sends here (forgotten with the box). */
  prefixes: string[] | undefined
}

type PlacedNode = ResourceNode | DirectoryNode

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

// Keyed by group + NUL-joined raw segments: never collides with another group's key.
function keyOf({ group, folders }: UriPlace): string {
  return folders.length === 0 ? group : `${group}\u0000${folders.join('\u0000')}`
}

/** The folder node at `folders[0..count)` under `group` (the group's own folder for 0). */
function folderAt(
  serverId: string,
  key: string,
  group: string,
  joiner: string,
  folders: readonly string[],
  count: number,
): FolderNode {
  const id = folderNodeId(serverId, key)
  if (count === 0) {
    const label = group === '' ? 'Other' : group
    const node: FolderNode = {
      kind: 'folder',
      folder: 'authority',
      id,
      serverId,
      parentId: null,
      label,
      children: [],
    }
    if (group !== '') node.uri = group
    return node
  }
  const label = segmentLabel(folders[count - 1] as string)
  const node: FolderNode = {
    kind: 'folder',
    folder: 'path',
    id,
    serverId,
    parentId: null,
    label,
    children: [],
  }
  if (group !== '') node.uri = `${group}${joiner}${folders.slice(0, count).join('/')}`
  return node
}

/** How far below the server a container is. */
function depthOf(box: Box): number {
  let depth = 0
  for (let at = box.parent; at !== undefined; at = at.parent) depth++
  return depth
}

/** Folders exist only for what is under them; the template group and directories stay. */
function isPlainFolder(node: ContainerNode): boolean {
  return node.kind === 'folder' && node.folder !== 'templates'
}

// Directories sit among the resources in the list view; templates come last.
const listRank = (node: TreeNode) => (node.kind === 'template' ? 2 : 1)
const LISTED = Symbol('rk.listed')

/** The server's list items in list order, kept sorted as the server's tree changes. */
export function listedOf(server: TreeNode): SortedNodes | undefined {
  return (server as { [LISTED]?: SortedNodes })[LISTED]
}

export class ServerTree {
  readonly server: ServerNode
  #root: Box
  #serverId: string
  #hide: boolean
  #sort: TreeSort
  // Folders, and the directory claiming a path, by key; every container by node id.
  #containers = new Map<string, Box>()
  #boxes = new Map<string, Box>()
  // Resources and directories in the tree, by URI.
  #placed = new Map<string, PlacedNode | null>()
  // Most files share a folder with the file before: looked up by the URI's text up to its
  // last slash, so the URI is split only for the first file of each folder.
  #byPrefix = new Map<string, Box>()
  #listed: SortedNodes
  // The list names one URI twice, or two directories at one path: which one the tree shows
  // depends on where they are in the list, which a diff does not say.
  #orderSensitive = false

  constructor(server: ServerNode, hide: boolean, sort: TreeSort) {
    this.server = server
    this.#serverId = server.serverId
    this.#hide = hide
    this.#sort = sort
    this.#root = this.#box(server, undefined)
    const listed = new SortedNodes(sort, listRank)
    this.#listed = listed
    Object.defineProperty(server, LISTED, { enumerable: false, configurable: true, value: listed })
  }

  /**
   * Adds resources listed after the ones before: directories first (shallow ones first, so
   * a deeper one finds its ancestors already claimed), then files; a URI already here is a
   * repeat. A directory at a path that holds a folder takes the folder over.
   */
  addResources(list: readonly unknown[]): void {
    const directories: Resource[] = []
    const files: Resource[] = []
    const placed = this.#placed
    let repeats = false
    for (const item of arrayOr<unknown>(list)) {
      if (!this.#eligible(item)) continue
      if (placed.has(item.uri)) {
        repeats = true
        continue
      }
      // Claimed now (placed below, directories first), so a repeat in this list is seen.
      placed.set(item.uri, null)
      ;(isDirectoryResource(item) ? directories : files).push(item)
    }
    const places = directories.map((resource) => ({
      resource,
      place: splitUri(resource.uri, true),
    }))
    if (repeats) this.#orderSensitive = true
    this.#place(places, files)
  }

  /**
   * Takes out `removed` (the objects added before) and adds `added`, so the tree is the one
   * a full build of the new list makes, whatever its order. Returns false, changing
   * nothing, when it cannot be sure of that: the list names one URI twice or two
   * directories at one path (now or after the change), or a removed object is not one it
   * placed (or is given twice).
   */
  applyDiff(removedList: readonly unknown[], addedList: readonly unknown[]): boolean {
    if (this.#orderSensitive) return false
    const going: PlacedNode[] = []
    const goingUris = new Set<string>()
    for (const item of arrayOr<unknown>(removedList)) {
      if (!this.#eligible(item)) continue
      const node = this.#placed.get(item.uri)
      if (!node || node.resource !== item || goingUris.has(item.uri)) return false
      goingUris.add(item.uri)
      going.push(node)
    }
    const { gone, kept } = this.#afterRemoving(going)

    const directories: Resource[] = []
    const files: Resource[] = []
    const fresh = new Set<string>()
    for (const item of arrayOr<unknown>(addedList)) {
      if (!this.#eligible(item)) continue
      const uri = item.uri
      if (fresh.has(uri) || (this.#placed.has(uri) && !goingUris.has(uri))) return false
      fresh.add(uri)
      ;(isDirectoryResource(item) ? directories : files).push(item)
    }
    const places = directories.map((resource) => ({
      resource,
      place: splitUri(resource.uri, true),
    }))
    const claimed = new Set<string>()
    for (const { place } of places) {
      const key = keyOf(place)
      const there = this.#containers.get(key)
      // Free, or a folder the directory takes over; a directory that stays would be a second.
      const free =
        there === undefined || gone.has(there) || kept.has(there) || isPlainFolder(there.node)
      if (claimed.has(key) || !free) return false
      claimed.add(key)
    }

    for (const node of going) {
      this.#placed.delete(node.resource.uri)
      this.#boxes.get(node.parentId as string)?.children.remove(node)
      this.#listed.remove(node)
    }
    for (const box of gone) {
      if (isPlainFolder(box.node)) box.parent?.children.remove(box.node)
      this.#forget(box)
    }
    for (const box of kept) this.#becomeFolder(box)
    this.#place(places, files)
    return true
  }

  /**
   * What taking out `going` does to the containers: `gone`, the plain folders left without
   * children and the directories going with nothing left under them; `kept`, the
   * directories going with something still under them (their path becomes a folder).
   */
  #afterRemoving(going: readonly PlacedNode[]): { gone: Set<Box>; kept: Set<Box> } {
    const left = new Map<Box, number>()
    const gone = new Set<Box>()
    const kept = new Set<Box>()
    const drop = (box: Box | undefined) => {
      for (let at = box; at !== undefined; at = at.parent) {
        const count = (left.get(at) ?? at.children.size) - 1
        left.set(at, count)
        if (count > 0 || !isPlainFolder(at.node)) return
        gone.add(at)
      }
    }
    const directories: { box: Box; depth: number }[] = []
    for (const node of going) {
      const own = node.kind === 'directory' ? this.#boxes.get(node.id) : undefined
      if (own === undefined) drop(this.#boxes.get(node.parentId as string))
      else directories.push({ box: own, depth: depthOf(own) })
    }
    // Deepest first: whether a directory is left empty depends on the ones under it.
    directories.sort((a, b) => b.depth - a.depth)
    for (const { box } of directories) {
      if ((left.get(box) ?? box.children.size) > 0) {
        kept.add(box)
      } else {
        gone.add(box)
        drop(box.parent)
      }
    }
    return { gone, kept }
  }

  /** A directory gone with something still under it: its path is a folder, as a full build makes it. */
  #becomeFolder(box: Box): void {
    const { resource } = box.node as DirectoryNode
    const { group, joiner, folders } = splitUri(resource.uri, true)
    const folder = folderAt(this.#serverId, box.key ?? '', group, joiner, folders, folders.length)
    this.#rehome(box, folder)
    box.parent?.children.add(folder)
  }

  /** Gives `box` and everything under it to `node` (a folder becomes a directory, or back). */
  #rehome(box: Box, node: ContainerNode): void {
    const old = box.node
    this.#boxes.delete(old.id)
    box.node = node
    this.#boxes.set(node.id, box)
    ;(node as { parentId: string | null }).parentId = old.parentId
    defineLazyChildren(node, box.children)
    for (const child of box.children.unsorted) {
      ;(child as { parentId: string | null }).parentId = node.id
    }
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
    const group: FolderNode = {
      kind: 'folder',
      folder: 'templates',
      id: templatesNodeId(serverId),
      serverId,
      parentId: null,
      label: 'Templates',
      children: [],
    }
    const box = this.#box(group, this.#root)
    for (const node of templates) {
      box.children.add(node)
      this.#listed.add(node)
    }
  }

  #eligible(item: unknown): item is Resource {
    return isUsableResource(item) && !(this.#hide && isAssistantOnly(item))
  }

  /** Places fresh resources, directories (with their places) before files. */
  #place(directories: { resource: Resource; place: UriPlace }[], files: readonly Resource[]): void {
    directories.sort((a, b) => a.place.folders.length - b.place.folders.length)
    for (const { resource, place } of directories) this.#addDirectory(resource, place)
    for (const resource of files) this.#addFile(resource)
  }

  /** A box for `node` (children sorted on read), adopted by `parent` when given. */
  #box(node: ContainerNode, parent: Box | undefined, key?: string): Box {
    const children = new SortedNodes(this.#sort)
    defineLazyChildren(node, children)
    const box: Box = { node, children, parent, key, prefixes: undefined }
    this.#boxes.set(node.id, box)
    if (key !== undefined) this.#containers.set(key, box)
    if (parent !== undefined) {
      ;(node as { parentId: string | null }).parentId = parent.node.id
      parent.children.add(node)
    }
    return box
  }

  #forget(box: Box): void {
    if (box.key !== undefined && this.#containers.get(box.key) === box) {
      this.#containers.delete(box.key)
    }
    this.#boxes.delete(box.node.id)
    for (const prefix of box.prefixes ?? []) this.#byPrefix.delete(prefix)
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
    this.#placed.set(resource.uri, directory)
    this.#listed.add(directory)
    const there = this.#containers.get(key)
    if (there !== undefined && isPlainFolder(there.node)) {
      // A folder made for what is under this path (a page or a change before): a full
      // build places the directory first, so it holds all of that.
      there.parent?.children.remove(there.node)
      this.#rehome(there, directory)
      there.parent?.children.add(directory)
      return
    }
    // The group itself (no folders) sits under the server; else under its parent folder.
    const parent =
      folders.length === 0 ? this.#root : this.#walk(group, joiner, folders, folders.length - 1)
    // A second directory at a path is a sibling: the first listed claims the path.
    if (there !== undefined) this.#orderSensitive = true
    this.#box(directory, parent, there === undefined ? key : undefined)
  }

  #addFile(resource: Resource): void {
    const uri = resource.uri
    const prefix = folderPrefix(uri)
    let container = prefix === undefined ? undefined : this.#byPrefix.get(prefix)
    if (!container) {
      const { group, joiner, folders } = splitUri(uri, false)
      container = this.#walk(group, joiner, folders, folders.length)
      if (prefix !== undefined) {
        this.#byPrefix.set(prefix, container)
        container.prefixes ??= []
        container.prefixes.push(prefix)
      }
    }
    const node: ResourceNode = {
      kind: 'resource',
      id: resourceNodeId(this.#serverId, uri),
      serverId: this.#serverId,
      parentId: container.node.id,
      label: itemLabel(resource),
      resource,
    }
    container.children.add(node)
    this.#placed.set(uri, node)
    this.#listed.add(node)
  }

  /** The container at `folders[0..count)` under `group`, created (as folders) on the way. */
  #walk(group: string, joiner: string, folders: readonly string[], count: number): Box {
    const containers = this.#containers
    let key = group
    let parent = containers.get(key)
    if (!parent) {
      parent = this.#box(folderAt(this.#serverId, key, group, joiner, folders, 0), this.#root, key)
    }
    for (let i = 0; i < count; i++) {
      key = `${key}\u0000${folders[i]}`
      let next = containers.get(key)
      if (!next) {
        next = this.#box(folderAt(this.#serverId, key, group, joiner, folders, i + 1), parent, key)
      }
      parent = next
    }
    return parent
  }
}
