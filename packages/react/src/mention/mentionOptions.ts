// The rows of the @-mention popup: resources and templates of the servers in scope,
// ranked against the query; in a template draft, the completion values of the
// variable being asked.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { ResourceSearch, SearchMatch, TimeSlicer } from '@resource-kit/search'
import { createResourceSearch } from '@resource-kit/search'
import { resourceKey, templateNodeId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { MentionQuery } from './mentionQuery.ts'

interface OptionBase {
  /** Unique within one list, safe as a DOM id suffix. */
  key: string
  /** The main text of the row. */
  label: string
  /** The secondary text (a URI, a template, a hint). */
  detail?: string
  /** Where the search matched (name, title, URI), to mark it. */
  matches?: readonly SearchMatch[]
}

export type MentionOption =
  | (OptionBase & { kind: 'resource'; serverId: string; serverName: string; resource: Resource })
  | (OptionBase & {
      kind: 'template'
      serverId: string
      serverName: string
      template: ResourceTemplate
    })
  /** A completion value for the template variable being asked (`typed`: exactly what was typed). */
  | (OptionBase & { kind: 'value'; value: string; typed?: boolean })

/** One resource or template that a query can match (also a search item). */
export type MentionCandidate = Extract<MentionOption, { kind: 'resource' | 'template' }> & {
  id: string
  name: string
  title?: string
  uri: string
  description?: string
}

function templateCandidate(
  source: PickerSource,
  serverName: string,
  template: ResourceTemplate,
): MentionCandidate {
  const key = templateNodeId(source.serverId, template.uriTemplate)
  return {
    kind: 'template',
    key,
    id: key,
    name: template.name,
    title: template.title,
    uri: template.uriTemplate,
    description: template.description,
    label: template.title || template.name,
    detail: template.uriTemplate,
    serverId: source.serverId,
    serverName,
    template,
  }
}

function resourceCandidate(
  source: PickerSource,
  serverName: string,
  resource: Resource,
): MentionCandidate {
  const key = resourceKey(source.serverId, resource.uri)
  return {
    kind: 'resource',
    key,
    id: key,
    name: resource.name,
    title: resource.title,
    uri: resource.uri,
    description: resource.description,
    label: resource.title || resource.name,
    detail: resource.uri,
    serverId: source.serverId,
    serverName,
    resource,
  }
}

interface SourceCandidates {
  serverName: string
  resources: readonly Resource[]
  templates: readonly ResourceTemplate[] | undefined
  list: MentionCandidate[]
}

/** Whether `next` starts with every element of `prev`, the same objects in the same places. */
function startsWith<T>(next: readonly T[], prev: readonly T[], count = prev.length): boolean {
  if (next.length < count) return false
  for (let i = 0; i < count; i++) if (next[i] !== prev[i]) return false
  return true
}

/**
 * A function from sources to candidates that reuses what it made: a server whose list only
 * grew (a new page) costs that page, and its earlier candidates stay the same objects (so
 * the searcher indexes only the new ones).
 */
export function createMentionCandidates(): (
  sources: readonly PickerSource[],
) => MentionCandidate[] {
  let known = new Map<string, SourceCandidates>()
  return (sources) => {
    const next = new Map<string, SourceCandidates>()
    const out: MentionCandidate[] = []
    for (const source of sources) {
      const serverName = source.serverName ?? source.serverId
      const prev = known.get(source.serverId)
      let entry: SourceCandidates
      if (
        prev &&
        prev.serverName === serverName &&
        prev.templates === source.templates &&
        startsWith(source.resources, prev.resources)
      ) {
        entry = prev
        if (source.resources.length > prev.resources.length) {
          const list = prev.list.slice()
          for (let i = prev.resources.length; i < source.resources.length; i++)
            list.push(resourceCandidate(source, serverName, source.resources[i] as Resource))
          entry = { ...prev, resources: source.resources, list }
        }
      } else {
        // Templates first: they are few.
        const list: MentionCandidate[] = []
        for (const template of source.templates ?? [])
          list.push(templateCandidate(source, serverName, template))
        for (const resource of source.resources)
          list.push(resourceCandidate(source, serverName, resource))
        entry = { serverName, resources: source.resources, templates: source.templates, list }
      }
      next.set(source.serverId, entry)
      for (const candidate of entry.list) out.push(candidate)
    }
    known = next
    return out
  }
}

/** Every resource and template of `sources` as candidates (templates first: they are few). */
export function mentionCandidates(sources: readonly PickerSource[]): MentionCandidate[] {
  return createMentionCandidates()(sources)
}

/** The rows for one query: at most `limit`; `more` when further matches were left out. */
export interface MentionResults {
  options: MentionCandidate[]
  /** Matches counted: exact without a search text, else at most `limit + 1` (the index stops there). */
  total: number
  /** Whether `total` is the exact number of matches. */
  exact: boolean
  more: boolean
}

/** Items indexed per slice while the index is built ahead, in idle time. */
const PREPARE_SLICE = 1000

/** What an index holds: the first `done` candidates of `list`. */
interface Indexed {
  list: readonly MentionCandidate[]
  done: number
  index: ResourceSearch<MentionCandidate>
}

/** A searcher: call it per keystroke; `prepare` builds the index ahead, in idle time. */
export interface MentionSearcher {
  (candidates: readonly MentionCandidate[], query: MentionQuery): MentionResults
  /**
   * Indexes `candidates` for the all-servers scope in time slices after an idle period,
   * so the first key press finds the index built. Aborting stops it (what was indexed stays).
   */
  prepare(
    candidates: readonly MentionCandidate[],
    slicer: TimeSlicer,
    signal: AbortSignal,
  ): Promise<void>
}

/**
 * Searches candidates with the package's fuzzy search: one index per scope (all servers,
 * or one for `@server:`), reused for every keystroke. Candidates that only grew (the same
 * objects first, as createMentionCandidates keeps them) are appended with `upsert`; any
 * other change goes through `setItems`, which indexes only what changed.
 */
export function createMentionSearcher(limit: number): MentionSearcher {
  const indexes = new Map<string, Indexed>()
  /** Points the scope's index at `list`; returns how many of it are indexed. */
  const target = (key: string, list: readonly MentionCandidate[]): Indexed => {
    let entry = indexes.get(key)
    if (!entry) {
      entry = {
        list: [],
        done: 0,
        index: createResourceSearch<MentionCandidate>({ limit: limit + 1 }),
      }
      indexes.set(key, entry)
    }
    if (entry.list === list) return entry
    if (startsWith(list, entry.list, entry.done)) {
      entry.list = list
    } else {
      entry.index.setItems(list)
      entry.list = list
      entry.done = list.length
    }
    return entry
  }
  const step = (entry: Indexed, count: number) => {
    const to = Math.min(entry.list.length, entry.done + count)
    if (to > entry.done) entry.index.upsert(entry.list.slice(entry.done, to))
    entry.done = to
  }
  const indexFor = (candidates: readonly MentionCandidate[], scope: string | undefined) => {
    const entry =
      scope === undefined
        ? target('', candidates)
        : target(
            `s:${scope}`,
            // A scope's list is rebuilt per change of the candidates (it is one server's).
            scopedList(candidates, scope),
          )
    step(entry, Number.POSITIVE_INFINITY)
    return entry.index
  }
  const scoped = new WeakMap<readonly MentionCandidate[], Map<string, MentionCandidate[]>>()
  const scopedList = (candidates: readonly MentionCandidate[], scope: string) => {
    let byScope = scoped.get(candidates)
    if (!byScope) {
      byScope = new Map()
      scoped.set(candidates, byScope)
    }
    let list = byScope.get(scope)
    if (!list) {
      list = candidates.filter((c) => c.serverId === scope)
      byScope.set(scope, list)
    }
    return list
  }
  const searcher = ((candidates, query) => {
    if (!query.text.trim()) {
      const scopedCandidates = query.serverId
        ? candidates.filter((c) => c.serverId === query.serverId)
        : candidates
      return {
        options: scopedCandidates.slice(0, limit),
        total: scopedCandidates.length,
        exact: true,
        more: scopedCandidates.length > limit,
      }
    }
    const hits = indexFor(candidates, query.serverId).search(query.text)
    return {
      options: hits.slice(0, limit).map((h) => ({ ...h.item, matches: h.matches })),
      total: hits.length,
      exact: hits.length <= limit,
      more: hits.length > limit,
    }
  }) as MentionSearcher
  searcher.prepare = async (candidates, slicer, signal) => {
    await slicer.idle(signal)
    const entry = target('', candidates)
    while (entry.list === candidates && entry.done < candidates.length) {
      step(entry, PREPARE_SLICE)
      await slicer.yield(signal)
    }
  }
  return searcher
}

/** Completion values for a template variable, then what was typed (when it is not one of them). */
export function valueOptions(
  values: readonly string[],
  typed: string,
  /** The variable may stay empty: offer to skip it. */
  optional = false,
): MentionOption[] {
  const out: MentionOption[] = []
  const seen = new Set<string>()
  values.forEach((value, i) => {
    if (seen.has(value)) return
    seen.add(value)
    out.push({ kind: 'value', key: `v${i}`, label: value, value })
  })
  if (typed && !seen.has(typed)) {
    out.push({
      kind: 'value',
      key: 'typed',
      label: typed,
      detail: 'Use as typed',
      value: typed,
      typed: true,
    })
  }
  if (optional && !typed) {
    out.push({
      kind: 'value',
      key: 'skip',
      label: 'Skip',
      detail: 'Leave it empty',
      value: '',
      typed: true,
    })
  }
  return out
}
