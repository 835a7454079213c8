// BEHAVIOUR: per server, the side picker's tree, advanced by what its feed logged
// (sourceTree.ts). The composer shows no tree and does not use this.
import { useMemo, useState } from 'react'
import { growResourceTree, type ResourceTree } from '../collection/index.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { advanceSourceTree, type SourceTreeData } from './sourceTree.ts'

/** Each server's tree, by server id (a new map when any of them changed). */
export function useSourceTrees(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
): ReadonlyMap<string, ResourceTree> {
  const [known] = useState(() => new Map<string, SourceTreeData>())
  return useMemo(() => {
    const next = sources.map((source) =>
      advanceSourceTree(known.get(source.serverId), source, hideAssistantOnly, growResourceTree),
    )
    // Written during render on purpose: advancing again with the same sources (StrictMode,
    // a discarded render) then finds nothing new, so no page is appended twice.
    known.clear()
    const trees = new Map<string, ResourceTree>()
    for (const d of next) {
      known.set(d.serverId, d)
      trees.set(d.serverId, d.growing.tree)
    }
    return trees
  }, [sources, hideAssistantOnly, known])
}
