// A lazy directory's children once read: what the list already had under its path, plus
// the items the read returned (each one level down, directories again lazy), in tree order.
import type { Resource } from '@resource-kit/client'
import { resourceNodeId } from '../shared/ids.ts'
import { isAssistantOnly } from './annotations.ts'
import { arrayOr, isDirectoryResource, isUsableResource, itemLabel } from './readItems.ts'
import { sortNodes } from './sortNodes.ts'
import type { DirectoryNode, ResourceTreeOptions, TreeNode } from './treeTypes.ts'

/**
 * Merges read items into a directory's children (pass the result to `flattenTree`'s
 * `childrenOf`). Skips unusable items, the directory itself and URIs already present.
 */
export function directoryChildren(
  directory: DirectoryNode,
  items: readonly Resource[],
  options: ResourceTreeOptions = {},
): TreeNode[] {
  const { serverId } = directory
  const ids = new Set(directory.children.map((c) => c.id))
  ids.add(directory.id)
  // A listed folder may already stand for a read item: a path folder (`…/live`) where the
  // list's `…/live/` was hidden as assistant-only, so its URI is compared without the slash.
  const paths = new Set(directory.children.map(pathOf))
  const children: TreeNode[] = [...directory.children]
  for (const item of arrayOr<unknown>(items)) {
    if (!isUsableResource(item)) continue
    if (options.hideAssistantOnly === true && isAssistantOnly(item)) continue
    const id = resourceNodeId(serverId, item.uri)
    if (ids.has(id) || paths.has(withoutSlash(item.uri))) continue
    ids.add(id)
    const base = { id, serverId, parentId: directory.id, label: itemLabel(item) }
    children.push(
      isDirectoryResource(item)
        ? { ...base, kind: 'directory', resource: item, lazy: true, children: [] }
        : { ...base, kind: 'resource', resource: item },
    )
  }
  return sortNodes(children, options.sort === 'name' ? 'name' : 'priority')
}

function withoutSlash(uri: string): string {
  return uri.endsWith('/') ? uri.slice(0, -1) : uri
}

function pathOf(node: TreeNode): string | undefined {
  if (node.kind === 'folder') return node.uri === undefined ? undefined : withoutSlash(node.uri)
  return 'resource' in node ? withoutSlash(node.resource.uri) : undefined
}
