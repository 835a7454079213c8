// The @ popup's option text: where the resource lives (the file name always shown) and why
// it matched (marks in the label or the location), for rows that share a title.
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionOptionDetail, MentionOptionLabel } from '../MentionOptionText.tsx'
import { createMentionSearcher, type MentionOption, mentionCandidates } from '../mentionOptions.ts'

const source: PickerSource = {
  serverId: 'demo',
  status: 'ready',
  resources: ['billing', 'refund'].map((folder) => ({
    uri: `file:///workspace/${'deep/'.repeat(10)}${folder}/invoice.json`,
    name: 'invoice.json',
    title: 'Invoice',
  })),
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
    const search = createMentionSearcher(10)
    const { options } = search(mentionCandidates([source]), { text: 'invocie' })
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
    const search = createMentionSearcher(10)
    const [hit] = search(mentionCandidates([source]), { text: 'refund' }).options
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
