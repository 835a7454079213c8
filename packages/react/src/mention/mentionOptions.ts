// The rows of the @-mention popup: resources and templates of the servers in scope,
// ranked against the query; in a template draft, the completion values of the
// variable being asked.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { PickerSource } from '../picker/pickerSource.ts'
import type { MentionQuery } from './mentionQuery.ts'

interface OptionBase {
  /** Unique within one list, safe as a DOM id suffix. */
  key: string
  /** The main text of the row. */
  label: string
  /** The secondary text (a URI, a template, a hint). */
  detail?: string
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

/** One resource or template that a query can match. */
export type MentionCandidate = Extract<MentionOption, { kind: 'resource' | 'template' }>

/** Ranks candidates for a query; returns the matches, best first. */
export type MentionSearch = (
  text: string,
  candidates: readonly MentionCandidate[],
) => readonly MentionCandidate[]

/** Every resource and template of `sources` as candidates (templates first: they are few). */
export function mentionCandidates(sources: readonly PickerSource[]): MentionCandidate[] {
  const out: MentionCandidate[] = []
  for (const source of sources) {
    const serverName = source.serverName ?? source.serverId
    for (const template of source.templates ?? []) {
      out.push({
        kind: 'template',
        key: `t:${source.serverId}:${template.uriTemplate}`,
        label: template.title || template.name,
        detail: template.uriTemplate,
        serverId: source.serverId,
        serverName,
        template,
      })
    }
    for (const resource of source.resources) {
      out.push({
        kind: 'resource',
        key: `r:${source.serverId}:${resource.uri}`,
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

/** The default search: label prefix, then word prefix, then substring of label or URI. */
export const defaultMentionSearch: MentionSearch = (text, candidates) => {
  const q = text.trim().toLowerCase()
  if (!q) return candidates
  const buckets: MentionCandidate[][] = [[], [], [], []]
  for (const c of candidates) {
    const label = c.label.toLowerCase()
    const name = (c.kind === 'resource' ? c.resource.name : c.template.name).toLowerCase()
    let rank = -1
    if (label.startsWith(q) || name.startsWith(q)) rank = 0
    else if (label.includes(` ${q}`) || (/[/_.-]/.test(label) && label.includes(q))) rank = 1
    else if (label.includes(q) || name.includes(q)) rank = 2
    else if (c.detail?.toLowerCase().includes(q)) rank = 3
    if (rank >= 0) buckets[rank]!.push(c)
  }
  return buckets.flat()
}

/** What the popup shows for a query: at most `limit` rows, and how many matched in all. */
export function searchMentionOptions(
  candidates: readonly MentionCandidate[],
  query: MentionQuery,
  search: MentionSearch,
  limit: number,
): { options: MentionCandidate[]; total: number } {
  const scoped = query.serverId
    ? candidates.filter((c) => c.serverId === query.serverId)
    : candidates
  const matches = search(query.text, scoped)
  return { options: matches.slice(0, limit), total: matches.length }
}

/** Completion values for a template variable, with what was typed offered first when new. */
export function valueOptions(values: readonly string[], typed: string): MentionOption[] {
  const out: MentionOption[] = []
  const seen = new Set<string>()
  if (typed && !values.includes(typed)) {
    out.push({
      kind: 'value',
      key: 'typed',
      label: typed,
      detail: 'Use as typed',
      value: typed,
      typed: true,
    })
  }
  values.forEach((value, i) => {
    if (seen.has(value)) return
    seen.add(value)
    out.push({ kind: 'value', key: `v${i}`, label: value, value })
  })
  return out
}
