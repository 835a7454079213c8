// The shapes the collection helpers hand to the picker: a tree of servers, URI groups,
// folders, resources and templates, and the flat rows a virtualized tree or list renders.
import type { Resource, ResourceTemplate } from '@resource-kit/client'

interface NodeBase {
  /** Stable across rebuilds: derived from the server id and the URI (or path). */
  id: string
  serverId: string
  /** The parent node's id; null for servers. */
  parentId: string | null
  /** What the node is called (render as text). */
  label: string
}

/** A server: the top of its subtree. */
export interface ServerNode extends NodeBase {
  kind: 'server'
  children: readonly TreeNode[]
}

/**
 * A grouping node: `authority` is a URI's scheme and authority (`db://prod`, `file:///workspace`),
 * `path` one path segment under it, `templates` the server's template group.
 */
export interface FolderNode extends NodeBase {
  kind: 'folder'
  folder: 'authority' | 'path' | 'templates'
  /** The URI prefix this folder stands for (absent for the template group). */
  uri?: string
  children: readonly TreeNode[]
}

/** An `inode/directory` resource: read it to get (more) children. */
export interface DirectoryNode extends NodeBase {
  kind: 'directory'
  resource: Resource
  /** Always true: the contents come from reading `resource.uri`. */
  lazy: true
  /** Children already in the list under this path (merged, not read). */
  children: readonly TreeNode[]
}

export interface ResourceNode extends NodeBase {
  kind: 'resource'
  resource: Resource
}

export interface TemplateNode extends NodeBase {
  kind: 'template'
  template: ResourceTemplate
}

export type TreeNode = ServerNode | FolderNode | DirectoryNode | ResourceNode | TemplateNode
export type ContainerNode = ServerNode | FolderNode | DirectoryNode
export type TreeNodeKind = TreeNode['kind']

/** How siblings are ordered. */
export type TreeSort = 'priority' | 'name'

export interface ResourceTreeOptions {
  /** `priority`: annotation priority (desc, missing = 0.5), then name; `name`: name only. @default 'priority' */
  sort?: TreeSort
  /** Leave out items whose audience is only the assistant. @default false */
  hideAssistantOnly?: boolean
}

/** One server's input. */
export interface ResourceTreeSource {
  serverId: string
  /** Display name. @default serverId */
  serverName?: string
  resources: readonly Resource[]
  templates?: readonly ResourceTemplate[]
}

export interface ResourceTree {
  servers: readonly ServerNode[]
  /** Every node built from the sources, by id (lazily read children are not in it). */
  nodes: ReadonlyMap<string, TreeNode>
  /** The options the tree was built with (flatList and directoryChildren reuse them). */
  options: Readonly<Required<ResourceTreeOptions>>
}

/** A visible row: what a virtualized tree or list renders. */
export interface FlatRow {
  id: string
  /** 0 for servers; `aria-level` is `depth + 1`. */
  depth: number
  node: TreeNode
  parentId: string | null
  /** 1-based position among its visible siblings (`aria-posinset`). */
  posInSet: number
  /** Number of visible siblings (`aria-setsize`). */
  setSize: number
  /** Servers and lazy directories always can be expanded; folders when they have children. */
  hasChildren: boolean
  expanded: boolean
}
