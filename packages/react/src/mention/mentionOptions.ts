// The rows of the @-mention popup: resources and templates of the servers in scope
// (browsed for an empty query, else the shared source search's hits); in a template
// draft, the completion values of the variable being asked.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { SearchHit, SearchMatch } from '@resource-kit/search/lazy'
import type { SearchItem } from '../search/searchItems.ts'
import { resourceKey, templateNodeId } from '../shared/ids.ts'
import { isSourceDown, serverDownMark } from '../shared/sourceDown.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { serverLabel } from '../shared/statusText.ts'

interface OptionBase {
  /** Unique within one list, safe as a DOM id suffix. */
  key: string
  /** The main text of the row. */
  label: string
  /** The secondary text (a URI, a template, a hint). */
  detail?: string
  /** Where the search matched (name, title, URI), to mark it. */
  matches?: readonly SearchMatch[]
  /**
   * The option's server is down (`isSourceDown`): the resource or template is last known,
   * ranked after the live ones and marked. Gone once the server is back.
   */
  serverDown?: true
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
  source: Pick<PickerSource, 'serverId'>,
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
  source: Pick<PickerSource, 'serverId'>,
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

/** The popup's row for a search item of the shared source search. */
export function candidateOf(item: SearchItem, serverName: string): MentionCandidate {
  const source = { serverId: item.serverId }
  return item.kind === 'resource'
    ? resourceCandidate(source, serverName, item.resource)
    : templateCandidate(source, serverName, item.template)
}

/** The rows for one query: at most `limit`; `more` when further matches were left out. */
export interface MentionResults {
  options: MentionCandidate[]
  /** Matches counted: exact without a search text, else at most `limit + 1` (the search stops there). */
  total: number
  /** Whether `total` is the exact number of matches. */
  exact: boolean
  more: boolean
}

// A down server's options are offered, marked, after every live one (not hidden): what a
// person mentions by name is still worth a chip (the chip and Send then say the server is
// down, so nothing is attached as if live), and a server back after a blip needs no new
// query. Ranked last, so Enter on the first row (or a fast `@readme⏎`) takes a live one
// whenever one matches; hiding them would instead turn a blip into "No matching resources".

/** The live ones first, the down ones after, each in its order (the same array when none is down). */
function downLast<T>(items: readonly T[], isDown: (item: T) => boolean): readonly T[] {
  const live = items.filter((item) => !isDown(item))
  return live.length === items.length ? items : [...live, ...items.filter(isDown)]
}

/**
 * Everything in scope for an empty query (templates first per server: they are few; down
 * servers last), at the cost of the rows shown: only the first `limit` become options, the
 * rest are counted.
 */
export function browseResults(
  sources: readonly PickerSource[],
  serverId: string | undefined,
  limit: number,
): MentionResults {
  const options: MentionCandidate[] = []
  let total = 0
  for (const source of downLast(sources, isSourceDown)) {
    if (serverId !== undefined && source.serverId !== serverId) continue
    const serverName = source.serverName ?? source.serverId
    const down = serverDownMark(source)
    const templates = source.templates ?? []
    for (const template of templates) {
      if (options.length >= limit) break
      options.push({ ...templateCandidate(source, serverName, template), ...down })
    }
    for (const resource of source.resources) {
      if (options.length >= limit) break
      options.push({ ...resourceCandidate(source, serverName, resource), ...down })
    }
    total += templates.length + source.resources.length
  }
  return { options, total, exact: true, more: total > limit }
}

/** Search hits (asked for `limit + 1`) as the popup's rows: a down server's after the live ones'. */
export function hitResults(
  hits: readonly SearchHit<SearchItem>[],
  sources: readonly PickerSource[],
  limit: number,
): MentionResults {
  const byId = new Map(sources.map((s) => [s.serverId, s]))
  const candidates = hits.map((hit) => {
    const source = byId.get(hit.item.serverId)
    return {
      ...candidateOf(hit.item, source ? serverLabel(source) : hit.item.serverId),
      matches: hit.matches,
      ...serverDownMark(source),
    }
  })
  const options = downLast(candidates, (option) => option.serverDown === true).slice(0, limit)
  return {
    options,
    total: hits.length,
    exact: hits.length <= limit,
    more: hits.length > limit,
  }
}

/** A suggested folder value (ends in `/`): choosing it completes inside it; other values are leaves. */
export function isFolderValue(option: MentionOption): boolean {
  return option.kind === 'value' && !option.typed && option.value.endsWith('/')
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
