// The rows of the @-mention popup: resources and templates of the servers in scope,
// ranked against the query; in a template draft, the completion values of the
// variable being asked.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { ResourceSearch, SearchMatch } from '@resource-kit/search'
import { createResourceSearch } from '@resource-kit/search'
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

/** Every resource and template of `sources` as candidates (templates first: they are few). */
export function mentionCandidates(sources: readonly PickerSource[]): MentionCandidate[] {
  const out: MentionCandidate[] = []
  for (const source of sources) {
    const serverName = source.serverName ?? source.serverId
    for (const template of source.templates ?? []) {
      const key = `t:${source.serverId}:${template.uriTemplate}`
      out.push({
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
      })
    }
    for (const resource of source.resources) {
      const key = `r:${source.serverId}:${resource.uri}`
      out.push({
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
      })
    }
  }
  return out
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

/**
 * Searches candidates with the package's fuzzy search: one index per scope (all servers,
 * or one for `@server:`), reused for every keystroke and updated with `setItems` when the
 * candidates change, which indexes only what changed (a new page, a diff).
 */
export function createMentionSearcher(limit: number) {
  const indexes = new Map<
    string,
    { candidates: readonly MentionCandidate[]; index: ResourceSearch<MentionCandidate> }
  >()
  const indexFor = (candidates: readonly MentionCandidate[], scope: string | undefined) => {
    const key = scope ?? ''
    let entry = indexes.get(key)
    if (!entry) {
      entry = {
        candidates: [],
        index: createResourceSearch<MentionCandidate>({ limit: limit + 1 }),
      }
      indexes.set(key, entry)
    }
    if (entry.candidates !== candidates) {
      entry.index.setItems(
        scope === undefined ? candidates : candidates.filter((c) => c.serverId === scope),
      )
      entry.candidates = candidates
    }
    return entry.index
  }
  return (candidates: readonly MentionCandidate[], query: MentionQuery): MentionResults => {
    if (!query.text.trim()) {
      const scoped = query.serverId
        ? candidates.filter((c) => c.serverId === query.serverId)
        : candidates
      return {
        options: scoped.slice(0, limit),
        total: scoped.length,
        exact: true,
        more: scoped.length > limit,
      }
    }
    const hits = indexFor(candidates, query.serverId).search(query.text)
    return {
      options: hits.slice(0, limit).map((h) => ({ ...h.item, matches: h.matches })),
      total: hits.length,
      exact: hits.length <= limit,
      more: hits.length > limit,
    }
  }
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
