// BEHAVIOUR: the @ popup's candidates and search index, kept ahead of the first key press:
// candidates grow by the page (createMentionCandidates), and the index is built in idle
// time slices after each change, so typing `@` never waits for indexing 100,000 items.
import { createTimeSlicer } from '@resource-kit/search'
import { useEffect, useMemo, useState } from 'react'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { createMentionCandidates, createMentionSearcher } from './mentionOptions.ts'

/** The candidates of `sources` and a searcher whose index is built ahead, in idle time. */
export function useMentionIndex(sources: readonly PickerSource[], maxOptions: number) {
  const [candidatesOf] = useState(createMentionCandidates)
  const candidates = useMemo(() => candidatesOf(sources), [candidatesOf, sources])
  const [searcher] = useState(() => createMentionSearcher(maxOptions))
  useEffect(() => {
    const controller = new AbortController()
    searcher.prepare(candidates, createTimeSlicer(), controller.signal).catch(() => {
      // Superseded by newer candidates, or unmounted: what was indexed stays.
    })
    return () => controller.abort()
  }, [searcher, candidates])
  return { candidates, searcher }
}
