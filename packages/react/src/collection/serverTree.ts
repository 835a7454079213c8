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
  #placed = new Map<string, PlacedNode>()
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
   * repeat. With `appending`, returns false without adding anything when a directory would
   * claim a path that already holds a folder (only a rebuild places it as a full build would).
   */
  addResources(list: readonly unknown[], appending = false): boolean {
    const directories: Resource[] = []
    const files: Resource[] = []
    const fresh = new Set<string>()
    let repeats = false
    for (const item of arrayOr<unknown>(list)) {
      if (!this.#eligible(item)) continue
      if (this.#placed.has(item.uri) || fresh.has(item.uri)) {
        repeats = true
        continue
      }
      fresh.add(item.uri)
      ;(isDirectoryResource(item) ? directories : files).push(item)
    }
    const places = directories.map((resource) => ({
      resource,
      place: splitUri(resource.uri, true),
    }))
    if (appending && places.some(({ place }) => this.#containers.has(keyOf(place)))) return false
    if (repeats) this.#orderSensitive = true
    this.#place(places, files)
    return true
  }

  /**
   * Takes out `removed` (the objects added before) and adds `added`, so the tree is the one a full build of the new list makes, whatever its
   * order. Returns false, changing nothing, when it cannot be sure of that: the list names
   * one URI twice or two directories at one path (now or after the change), a removed
   * object is not one it placed, a directory would go while something stays under it, or
   * one would come at a path that holds a folder or directory still.
   */
  applyDiff(removedList: readonly unknown[], addedList: readonly unknown[]): boolean {
    if (this.#orderSensitive) return false
    const going: PlacedNode[] = []
    const goingUris = new Set<string>()
    for (const item of arrayOr<unknown>(removedList)) {
      if (!this.#eligible(item)) continue
      const node = this.#placed.get(item.uri)
      if (node === undefined || node.resource !== item || goingUris.has(item.uri)) return false
      goingUris.add(item.uri)
      going.push(node)
    }
    const gone = this.#emptied(going)
    if (gone === undefined) return false

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
      if (claimed.has(key) || (there !== undefined && !gone.has(there))) return false
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
    this.#place(places, files)
    return true
  }

  /**
   * The containers `going` leaves empty that go with it: plain folders left without
   * children, and the directories going (each must be left empty). Undefined when a
   * directory would go with something still under it.
   */
  #emptied(going: readonly PlacedNode[]): Set<Box> | undefined {
    const left = new Map<Box, number>()
    const gone = new Set<Box>()
    const drop = (box: Box | undefined) => {
      for (let at = box; at !== undefined; at = at.parent) {
        const count = (left.get(at) ?? at.children.size) - 1
        left.set(at, count)
        if (count > 0 || !isPlainFolder(at.node)) return
        gone.add(at)
      }
    }
    for (const node of going) drop(this.#boxes.get(node.parentId as string))
    for (const node of going) {
      if (node.kind !== 'directory') continue
      const own = this.#boxes.get(node.id)
      if (own === undefined) continue
      if ((left.get(own) ?? own.children.size) > 0) return undefined
      gone.add(own)
    }
    return gone
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
    // The group itself (no folders) sits under the server; else under its parent folder.
    const parent =
      folders.length === 0 ? this.#root : this.#walk(group, joiner, folders, folders.length - 1)
    // A second directory at a path is a sibling: the first listed claims the path.
    const taken = this.#containers.has(key)
    if (taken) this.#orderSensitive = true
    this.#box(directory, parent, taken ? undefined : key)
    this.#placed.set(resource.uri, directory)
    this.#listed.add(directory)
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
      parent = this.#box(node, this.#root, key)
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
        next = this.#box(node, parent, key)
      }
      parent = next
    }
    return parent
  }
}
