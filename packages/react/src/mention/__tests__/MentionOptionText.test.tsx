// The @ popup's option text: where the resource lives (the file name always shown) and why
// it matched (marks in the label or the location), for rows that share a title.

import { createResourceSearch } from '@resource-kit/search'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type SearchItem, searchItemsOf } from '../../search/searchItems.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionOptionDetail, MentionOptionLabel } from '../MentionOptionText.tsx'
import { hitResults, type MentionCandidate, type MentionOption } from '../mentionOptions.ts'

const source: PickerSource = {
  serverId: 'demo',
  status: 'ready',
  resources: ['billing', 'refund'].map((folder) => ({
    uri: `file:///workspace/${'deep/'.repeat(10)}${folder}/invoice.json`,
    name: 'invoice.json',
    title: 'Invoice',
  })),
}

/** The popup's rows for `text`, from the search the composer runs (here on this thread). */
function rowsFor(text: string): MentionCandidate[] {
  const search = createResourceSearch<SearchItem>({ limit: 11 })
  search.setItems(searchItemsOf([source], false))
  return hitResults(search.search(text), [source], 10).options
}

function Option({ option }: { option: MentionOption }) {
  return (
    <li className="option">
      <MentionOptionLabel option={option} />
      <MentionOptionDetail option={option} />
    </li>
  )
}

describe('MentionOptionText', () => {
  it('shows each hit’s location with its file name, marks the match, and names rows apart', () => {
    const options = rowsFor('invocie')
    expect(options).toHaveLength(2)
    const { container } = render(
      <ul>
        {options.map((option) => (
          <Option key={option.key} option={option} />
        ))}
      </ul>,
    )
    const rows = [...container.querySelectorAll('li.option')]
    for (const [i, row] of rows.entries()) {
      const uri = options[i]?.uri
      const location = row.querySelector('.rk-location')
      expect(location?.getAttribute('title')).toBe(uri)
      expect(row.querySelector('.rk-location-tail')?.textContent).toBe('invoice.json')
      // The long folder part is cut on screen; the full URI stays in the name.
      expect(location?.getAttribute('data-elided')).toBe('true')
      expect(row.textContent).toContain(uri)
      expect(row.querySelector('.rk-mention-option-label mark')?.textContent).toBe('Invoice')
    }
    expect(new Set(rows.map((row) => row.textContent)).size).toBe(2)
  })

  it('marks the folder that matched in the location', () => {
    const [hit] = rowsFor('refund')
    const { container } = render(
      <ul>
        <Option option={hit!} />
      </ul>,
    )
    expect([...container.querySelectorAll('.rk-location mark')].map((m) => m.textContent)).toEqual([
      'refund',
    ])
  })
})
