// Resources arranged as a tree by URI: one root per scheme and authority
// (`file://`, `demo://resource`), then one level per path segment. Chains of folders
// with a single child are joined (`src/lib`), as most file trees show them.
import type { Resource } from '@resource-kit/client'

export interface UriTreeNode {
  /** The segment (or joined segments) this node stands for; the root's is `scheme://authority`. */
  name: string
  /** Resources whose URI ends at this node (usually one). */
  resources: Resource[]
  children: UriTreeNode[]
}

// A hostile URI with thousands of segments must not make the tree (or its rendering) recurse that deep.
const maxDepth = 64

const uriParts = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(.*)$/s

/** Splits a URI into its root label and path segments (query and fragment stay on the last segment). */
export function uriSegments(uri: string): { root: string; segments: string[] } {
  const match = uriParts.exec(uri)
  if (!match) return { root: '(not a URI)', segments: [uri] }
  const [, scheme, authority, path = '', rest = ''] = match
  const root = authority === undefined ? `${scheme}:` : `${scheme}://${authority}`
  const segments = path.split('/').filter((segment) => segment !== '')
  if (rest) {
    if (segments.length === 0) segments.push(rest)
    else segments[segments.length - 1] += rest
  }
  if (segments.length > maxDepth)
    segments.splice(maxDepth - 1, Number.POSITIVE_INFINITY, segments.slice(maxDepth - 1).join('/'))
  return { root, segments }
}

interface Building {
  name: string
  resources: Resource[]
  children: Map<string, Building>
}

/** Builds the tree (children sorted by name) from resources in any order. */
export function buildUriTree(resources: readonly Resource[]): UriTreeNode[] {
  const roots = new Map<string, Building>()
  const child = (parent: Map<string, Building>, name: string) => {
    let node = parent.get(name)
    if (!node) {
      node = { name, resources: [], children: new Map() }
      parent.set(name, node)
    }
    return node
  }
  for (const resource of resources) {
    const { root, segments } = uriSegments(resource.uri)
    let node = child(roots, root)
    for (const segment of segments) node = child(node.children, segment)
    node.resources.push(resource)
  }
  // A `scheme:` root (no authority) is not joined: `urn:` + `isbn:1` is not `urn:/isbn:1`.
  return sorted(roots).map((root) =>
    root.name.endsWith(':') ? finishChildren(root) : finish(root),
  )
}

function finishChildren(node: Building): UriTreeNode {
  return { name: node.name, resources: node.resources, children: sorted(node.children).map(finish) }
}

function finish(node: Building): UriTreeNode {
  let current = node
  let name = node.name
  // Join a folder with its only child when the folder holds no resource of its own.
  while (current.resources.length === 0 && current.children.size === 1) {
    const only = current.children.values().next().value as Building
    name = `${name}/${only.name}`
    current = only
  }
  return { name, resources: current.resources, children: sorted(current.children).map(finish) }
}

function sorted(nodes: Map<string, Building>): Building[] {
  return [...nodes.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}
