// Per server, the side picker's tree, advanced by the changes the source's feed logged
// (`PickerSource.changes`): a page is appended, a revalidation's patch is applied in place
// (`GrowingResourceTree.apply`); templates changing, a reset, or a log this tree has not
// followed builds it again. Pages are added as they arrive, ahead of the render
// (`advanceTreeAhead`): the render then finds them in. A source made by hand (no change log) is built again when it
// is given another `resources` or `templates` array: nothing is compared item by item.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { GrowingResourceTree, growResourceTree } from '../collection/index.ts'
import type { SourceChange, SourceChanges } from '../shared/sourceChanges.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'

export interface SourceTreeData {
  serverId: string
  hideAssistantOnly: boolean
  /** The lists the tree holds (a source made by hand: compared by identity). */
  resources: readonly Resource[]
  templates: readonly ResourceTemplate[] | undefined
  /** The change log and version the tree is at (none for a source made by hand). */
  log: object | undefined
  version: number
  growing: GrowingResourceTree
}

/** Builds the server's tree (`growResourceTree`; passed in so the composer ships no tree code). */
export type GrowTree = typeof growResourceTree

function build(source: PickerSource, hideAssistantOnly: boolean, grow: GrowTree): SourceTreeData {
  return {
    serverId: source.serverId,
    hideAssistantOnly,
    resources: source.resources,
    templates: source.templates,
    log: source.changes?.log,
    version: source.changes?.version ?? 0,
    growing: grow(source, { hideAssistantOnly }),
  }
}

/** Applies one logged change to the tree; false when it must be built again. */
function applyChange(growing: GrowingResourceTree, change: SourceChange): boolean {
  if (change.list !== 'resources') return false
  if (change.appended) return growing.append(change.added)
  const removed: unknown[] = [...change.removed]
  const added: unknown[] = [...change.added]
  for (const { previous, next } of change.changed) {
    removed.push(previous)
    added.push(next)
  }
  return growing.apply({ removed, added })
}

/**
 * The tree moved ahead of the render to `now` (its log's place as a page arrives): the
 * pages appended since `prev` are added, so a render finds them in and a publish of a
 * second of a walk (thousands of resources) costs the render nothing. Any other change
 * (a patch, templates, a reset, another log) stops it there: the render applies or builds
 * the rest. Returns `prev` itself when nothing was applied.
 */
export function advanceTreeAhead(prev: SourceTreeData, now: SourceChanges): SourceTreeData {
  if (now.log !== prev.log || now.version <= prev.version) return prev
  const told = now.since(prev.version)
  if (!told) return prev
  let applied = 0
  for (const change of told) {
    if (change.list !== 'resources' || !change.appended) break
    if (!prev.growing.append(change.added)) break
    applied++
  }
  return applied === 0 ? prev : { ...prev, version: prev.version + applied }
}

/**
 * The tree of `source`, from `prev` at the cost of what changed. Returns `prev` itself when
 * nothing did; otherwise a new object (the tree inside grows in place).
 */
export function advanceSourceTree(
  prev: SourceTreeData | undefined,
  source: PickerSource,
  hideAssistantOnly: boolean,
  grow: GrowTree,
): SourceTreeData {
  if (!prev || prev.serverId !== source.serverId || prev.hideAssistantOnly !== hideAssistantOnly) {
    return build(source, hideAssistantOnly, grow)
  }
  const changes = source.changes
  if (!changes || changes.log !== prev.log) {
    const same =
      !changes && prev.resources === source.resources && prev.templates === source.templates
    return same ? prev : build(source, hideAssistantOnly, grow)
  }
  // An urgent render of the committed (older) sources while a transition with newer ones is
  // pending: the tree is ahead and stays so (going back would build it again).
  if (changes.version <= prev.version) return prev
  const told = changes.since(prev.version)
  if (!told) return build(source, hideAssistantOnly, grow)
  if (told.length === 0) return prev
  for (const change of told) {
    if (!applyChange(prev.growing, change)) return build(source, hideAssistantOnly, grow)
  }
  return {
    ...prev,
    resources: source.resources,
    templates: source.templates,
    version: changes.version,
  }
}
