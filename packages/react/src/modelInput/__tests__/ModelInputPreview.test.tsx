import type { ReadResult } from '@resource-kit/client'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MentionRead } from '../../mention/readMentions.ts'
import { ModelInputPreview } from '../ModelInputPreview.tsx'
import { contextItemsOf, isModelContextItem, modelInputText } from '../modelContext.ts'

const text = 'line\n'.repeat(20)
const notFound = Object.assign(new Error('Resource not found: file:///gone.md'), {
  name: 'ResourceNotFoundError',
})
const reads: MentionRead[] = [
  {
    status: 'read',
    mention: { serverId: 'demo', uri: 'file:///a.md', label: 'a.md' },
    result: { contents: [{ uri: 'file:///a.md', mimeType: 'text/markdown', text }] } as ReadResult,
  },
  {
    status: 'read',
    mention: { serverId: 'demo', uri: 'file:///p.png', label: 'p.png' },
    result: {
      contents: [{ uri: 'file:///p.png', mimeType: 'image/png', blob: 'AAAA' }],
    } as ReadResult,
  },
  {
    status: 'error',
    mention: { serverId: 'demo', uri: 'file:///gone.md', label: 'gone.md' },
    error: notFound,
  },
]

describe('ModelInputPreview', () => {
  it('shows a card per resource with its size, a blob as a file, and why one was not sent', () => {
    const items = contextItemsOf(reads, { maxText: 40 })
    render(
      <ModelInputPreview
        items={items}
        fullText={modelInputText([{ type: 'text', text: 'hi ' }], items)}
      />,
    )
    expect(screen.getByRole('heading').textContent).toBe(
      'What the model receives · 3 resources · 103 B · ~25 tokens of text',
    )
    const [a, png, gone] = screen.getAllByRole('article')
    expect(a!.querySelector('.rk-context-size')!.textContent).toBe('100 B · ~25 tokens')
    expect(a!.textContent).toContain('cut in this preview')
    expect(a!.textContent).toContain('Show all 9 lines')
    expect(png!.textContent).toContain(
      'Binary image/png · 3 B: the model gets it as a file attachment',
    )
    expect(gone!.dataset.status).toBe('error')
    expect(gone!.textContent).toContain('Not sent: Resource not found: file:///gone.md')
    expect(items[2]).toMatchObject({ status: 'error', notFound: true })
    expect(screen.getByText('Full model input')).toBeTruthy()
  })

  it('keeps items that survive storage, and refuses ones that do not', () => {
    const items = contextItemsOf(reads)
    for (const item of JSON.parse(JSON.stringify(items)))
      expect(isModelContextItem(item)).toBe(true)
    expect(
      isModelContextItem({ serverId: 'x', uri: 'y', label: 'z', status: 'read', parts: [] }),
    ).toBe(false)
  })
})
