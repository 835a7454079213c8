// Pure collection helpers the picker renders from: tree/list shapes, ordering, ARIA
// positions, type-ahead, formatting and icon safety. No React.

export {
  folderNodeId,
  resourceNodeId,
  serverNodeId,
  templateNodeId,
  templatesNodeId,
} from '../shared/ids.ts'
export { DEFAULT_PRIORITY, isAssistantOnly, priorityOf } from './annotations.ts'
export type { GrowingResourceTree, ResourceListDiff } from './buildResourceTree.ts'
export { buildResourceTree, growResourceTree } from './buildResourceTree.ts'
export { directoryChildren } from './directoryChildren.ts'
export { flatList, listItemsOf, prepareListItems } from './flatList.ts'
export type { FlattenTreeOptions } from './flattenTree.ts'
export { canExpand, flattenTree } from './flattenTree.ts'
export { formatBytes } from './formatBytes.ts'
export { formatCount } from './formatCount.ts'
export { formatLastModified, parseLastModified } from './formatLastModified.ts'
export type { MimeIconKind } from './mimeIcon.ts'
export { mimeIcon } from './mimeIcon.ts'
export type { SafeIconOptions } from './safeIconSrc.ts'
export { MAX_DATA_ICON_BYTES, MAX_ICON_URL_LENGTH, safeIconSrc } from './safeIconSrc.ts'
export type { Slicer } from './sortedNodes.ts'
export { sortNodes } from './sortNodes.ts'
export type {
  ContainerNode,
  DirectoryNode,
  FlatRow,
  FolderNode,
  ResourceNode,
  ResourceTree,
  ResourceTreeOptions,
  ResourceTreeSource,
  ServerNode,
  TemplateNode,
  TreeNode,
  TreeNodeKind,
  TreeSort,
} from './treeTypes.ts'
export { typeAhead } from './typeAhead.ts'
