// BEHAVIOUR: the rows of the popup for the query at the caret: resources and templates
// ranked by the shared source search (the picker's: its index follows the sources page by
// page, in a worker when the host gives one; hits arrive asynchronously and the rows shown
// stay until they do), or, inside a template draft, the server's completion values for
// the variable being asked (`completion/complete`, with the earlier answers as context).
import type { CompletionResult } from '@resource-kit/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useRef } from 'react'
import { completionOptions } from '../queries/queryOptions.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import type { SharedResourceSearch } from '../search/sharedSearch.ts'
import {
  type SearchWorkerFactory,
  useSearchHits,
  useSearchIndex,
  useSharedHitFilter,
} from '../search/useSourceSearch.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import {
  browseResults,
  hitResults,
  type MentionOption,
  type MentionResults,
  valueOptions,
} from './mentionOptions.ts'
import { type MentionQuery, parseMentionQuery } from './mentionQuery.ts'
import type { TemplateDraft } from './templateDraft.ts'

/** `resource`: searching resources and templates; `value`: completing a template variable. */
export type MentionMode = 'resource' | 'value'

export interface UseMentionResultsOptions {
  /** Where mentions come from. */
  sources: readonly PickerSource[]
  /** What was typed after the `@` (or the draft); null when the caret is in no query. */
  query: string | null
  mode: MentionMode
  /** The template draft being completed (value mode). */
  draft: TemplateDraft | null
  /** The variable being asked (value mode). */
  variable: string | undefined
  /** Rows shown at once. */
  maxOptions: number
  /** The search index's worker; without one the index runs on this thread, in slices. */
  searchWorker?: SearchWorkerFactory | undefined
  /** A shared index (`useResourceSearch`) instead of one of the composer's own. */
  search?: SharedResourceSearch | undefined
}

/** What `useMentionResults` returns. */
export interface MentionResultsState {
  /** The query split into an optional `server:` scope and its text. */
  query: MentionQuery
  /** The rows shown. */
  options: MentionOption[]
  /** Matches counted (resources: of all matches; values: the rows shown). */
  total: number
  /** Whether `total` is exact (a search stops counting past the rows shown). */
  exact: boolean
  /** More matches exist than the rows shown. */
  more: boolean
  /** Completion values offered (value mode; not counting "use as typed" or "skip"). */
  suggestions: number
  /** True while completion values for the current variable are being fetched. */
  completing: boolean
  /** Why completion values could not be loaded. */
  completionError: Error | null
  /** Servers in scope that are not (yet) listed: connecting, loading, failed. */
  unavailable: PickerSource[]
  /** The rows shown are not yet the current query's (its hits are on their way). */
  searchPending: boolean
  /** The rows shown are not yet the current query's or variable's: hits or completion values on their way. */
  rowsPending: boolean
}

const NO_RESULTS: MentionResults = { options: [], total: 0, exact: true, more: false }

/** The popup's rows for the query at the caret. */
export function useMentionResults(options: UseMentionResultsOptions): MentionResultsState {
  const { sources, mode, draft, variable, maxOptions } = options
  const text = options.query ?? ''
  const client = useResourceClient()
  const query = useMemo(() => parseMentionQuery(text, sources), [text, sources])
  const searching = mode === 'resource' && options.query !== null
  // One more than shown: `more` and an exact count up to the rows shown.
  // With a shared index there is nothing to feed: its owner does.
  const search = useSearchIndex(
    sources,
    false,
    maxOptions + 1,
    options.searchWorker,
    options.search,
  )
  const keep = useSharedHitFilter(sources, false, options.search)
  const searchText = searching ? query.text.trim() : ''
  const { found, pending: searchPending } = useSearchHits(
    search,
    searchText,
    maxOptions + 1,
    query.serverId,
    keep,
  )
  // Until the first reply of a query, the rows before it stay (no flash of "No results").
  const lastShown = useRef<MentionResults>(NO_RESULTS)
  const resources = useMemo(() => {
    if (!searching) return NO_RESULTS
    if (searchText === '') return browseResults(sources, query.serverId, maxOptions)
    if (!found) return lastShown.current
    return hitResults(found.hits, sources, maxOptions)
  }, [searching, searchText, sources, query.serverId, maxOptions, found])
  lastShown.current = resources
  const completion = useQuery({
    ...completionOptions(client, draft?.serverId ?? '', {
      template: draft?.template.uriTemplate ?? '',
      argument: { name: variable ?? '', value: text },
      context: draft ? { ...draft.values } : {},
    }),
    enabled: mode === 'value' && variable !== undefined,
    placeholderData: keepPreviousData,
  })
  const values: CompletionResult['values'] = completion.data?.values ?? []
  const inValue = mode === 'value'
  const shown: MentionOption[] = inValue
    ? valueOptions(values, text, !!variable && !!draft?.optional.has(variable))
    : resources.options
  return {
    query,
    options: shown,
    total: inValue ? shown.length : resources.total,
    exact: inValue || resources.exact,
    more: !inValue && resources.more,
    suggestions: inValue ? shown.filter((o) => o.kind === 'value' && !o.typed).length : 0,
    completing: inValue && completion.isFetching,
    completionError: inValue ? completion.error : null,
    searchPending: !inValue && searchPending,
    // In a draft, the last variable's or text's values stay shown while the next load.
    rowsPending: inValue
      ? completion.isPlaceholderData || (completion.isFetching && completion.data === undefined)
      : searchPending,
    unavailable: sources.filter(
      (src) =>
        src.status !== 'ready' &&
        src.status !== 'empty' &&
        (query.serverId === undefined || src.serverId === query.serverId),
    ),
  }
}
