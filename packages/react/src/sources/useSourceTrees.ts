// BEHAVIOUR: per server, the side picker's tree, advanced by what its feed logged
// (sourceTree.ts). The composer shows no tree and does not use this. Between renders each
// tree follows its feed and takes the pages appended as they arrive (one page's cost in
// that page's task), so a publish of many pages costs the render nothing.
import { useEffect, useMemo, useState } from 'react'
import { growResourceTree, type ResourceTree } from '../collection/index.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { advanceSourceTree, advanceTreeAhead, type SourceTreeData } from './sourceTree.ts'

/** Each server's tree, by server id (a new map when any of them changed). */
export function useSourceTrees(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
): ReadonlyMap<string, ResourceTree> {
  const [known] = useState(() => new Map<string, SourceTreeData>())
  const trees = useMemo(() => {
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
  useEffect(() => {
    const offs = sources.map((source) =>
      source.changes?.follow?.((now) => {
        const held = known.get(source.serverId)
        if (!held) return
        try {
          known.set(source.serverId, advanceTreeAhead(held, now))
        } catch {
          // The render builds this tree again from its source.
          known.delete(source.serverId)
        }
      }),
    )
    return () => {
      for (const off of offs) off?.()
    }
  }, [sources, known])
  return trees
}
