// Precision: a hit found by letters picked across words ("Th[read me]rge" for `readme`) is
// shown only when nothing tighter matched, and every hit marks why it matched.
import { describe, expect, it } from 'vitest'
import { highlightRanges } from '../highlight.ts'
import { createResourceSearch } from '../resourceSearch.ts'
import type { SearchableItem, SearchHit, SearchKey } from '../types.ts'

function item(uri: string, name: string, title?: string): SearchableItem {
  return { id: uri, uri, name, title }
}

function searchOf(items: readonly SearchableItem[]) {
  const search = createResourceSearch<SearchableItem>()
  search.setItems(items)
  return search
}

const names = (hits: readonly SearchHit<SearchableItem>[]) => hits.map((hit) => hit.item.name)

function marked(hit: SearchHit<SearchableItem> | undefined, key: SearchKey): string[] {
  const text = hit?.item[key] ?? ''
  const ranges = hit?.matches.find((match) => match.key === key)?.ranges ?? []
  return highlightRanges(text, ranges)
    .filter((segment) => segment.highlighted)
    .map((segment) => segment.text)
}

const README = item('file:///ws/README.md', 'README.md', 'Readme')
const THREAD_MERGE = item('file:///ws/docs/thread-merge.md', 'thread-merge.md', 'Thread merge')
const UNREAD = item('ticket://web/195', 'WEB-195', 'Fix unread metric in order job')
const REFRESH = item('ticket://web/90', 'WEB-90', 'Refresh cached menu in banner view')

describe('scattered matches', () => {
  it('hides letters picked across words while a run of the query exists', () => {
    const hits = searchOf([THREAD_MERGE, UNREAD, README, REFRESH]).search('readme')
    expect(names(hits)).toEqual(['README.md'])
    expect(marked(hits[0], 'name')).toEqual(['README'])
  })

  it('shows them when nothing tighter matched, marking the letters where they are', () => {
    const hits = searchOf([THREAD_MERGE, REFRESH]).search('readme')
    expect(names(hits)[0]).toBe('thread-merge.md')
    expect(marked(hits[0], 'title')).toEqual(['read', 'me'])
  })

  it('keeps a typo of the query, and the item whose run comes after a scattered occurrence', () => {
    const later = item('file:///ws/thread-merge-readme.md', 'thread-merge-readme.md')
    const typo = item('file:///ws/READEM.md', 'READEM.md')
    const hits = searchOf([THREAD_MERGE, later, typo]).search('readme')
    expect(names(hits).sort()).toEqual(['READEM.md', 'thread-merge-readme.md'])
    // The run is marked, not the letters across `thread-merge`.
    expect(
      marked(
        hits.find((h) => h.item === later),
        'name',
      ),
    ).toEqual(['readme'])
  })

  it('keeps word-initial abbreviations beside runs, hides letters inside words', () => {
    const client = item('file:///ws/packages/resource-kit-client', 'resource-kit-client')
    const button = item('file:///ws/src/Button.tsx', 'Button.tsx')
    const items = [client, button, item('file:///ws/rkc.md', 'rkc.md')]
    expect(names(searchOf(items).search('rkc')).sort()).toEqual(['resource-kit-client', 'rkc.md'])
    // `btn` for Button picks t and n inside the word: shown alone, hidden beside a run.
    expect(names(searchOf([client, button]).search('btn'))).toEqual(['Button.tsx'])
    const withRun = [client, button, item('file:///ws/css/btn.css', 'btn.css')]
    expect(names(searchOf(withRun).search('btn'))).toEqual(['btn.css'])
  })

  it('marks a match found only in the URI there', () => {
    const hits = searchOf([item('file:///ws/billing/index.ts', 'index.ts')]).search('billing')
    expect(marked(hits[0], 'uri')).toEqual(['billing'])
    expect(marked(hits[0], 'name')).toEqual([])
  })
})
