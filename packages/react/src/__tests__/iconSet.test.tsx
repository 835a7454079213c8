// One icon set in both pickers: the side picker's rows and the @ popup's options draw the
// same `rk-mime-icon[data-icon]` element, and the theme draws every kind as an SVG (no emoji
// in one picker and text glyphs in the other).
import { readFileSync } from 'node:fs'
import type { Resource } from '@resource-kit/client'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MimeIconKind } from '../collection/mimeIcon.ts'
import { MentionComposer } from '../mention/MentionComposer.tsx'
import { Picker } from '../picker/parts/Picker.ts'
import { ResourceKitProvider } from '../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { createFakeClient, readySnapshot } from './fakeClient.ts'

const resources: Resource[] = [
  { uri: 'file:///w/notes.md', name: 'notes.md', mimeType: 'text/markdown' },
  { uri: 'db://prod/users', name: 'users' },
  { uri: 'file:///w/logo.png', name: 'logo.png', mimeType: 'image/png' },
]
const sources: PickerSource[] = [{ serverId: 'demo', status: 'ready', resources }]
const icons = (root: HTMLElement) =>
  [...root.querySelectorAll('.rk-mime-icon')].map((el) => el.getAttribute('data-icon'))

describe('the icon set', () => {
  it('is the same element and kind in the side picker and the @ popup', async () => {
    const client = createFakeClient([{ snapshot: readySnapshot('demo'), pages: [[]] }])
    render(
      <ResourceKitProvider client={client}>
        <Picker.Root sources={sources} defaultView="list" initialRect={{ width: 400, height: 600 }}>
          <Picker.List />
        </Picker.Root>
        <MentionComposer sources={sources} />
      </ResourceKitProvider>,
    )
    const side = icons(screen.getByRole('listbox', { name: 'Resources' })).sort()
    expect(side).toEqual(['database', 'image', 'markdown'])
    const user = userEvent.setup()
    await user.click(screen.getByRole('textbox', { name: 'Message' }))
    await user.keyboard('@')
    const popup = screen
      .getAllByRole('listbox')
      .find((l) => l.classList.contains('rk-mention-listbox'))
    if (!popup) throw new Error('no @ popup')
    expect(within(popup).getAllByRole('option')).toHaveLength(3)
    expect(icons(popup).sort()).toEqual(side)
  })

  it('is drawn by the theme as SVG for every kind, with no emoji or glyph left', () => {
    const css = ['../theme.css', '../mention/mention.css']
      .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
      .join('\n')
    expect(css).not.toMatch(/\p{Extended_Pictographic}/u)
    const kinds: MimeIconKind[] = [
      'folder',
      'code',
      'markdown',
      'json',
      'image',
      'audio',
      'video',
      'pdf',
      'archive',
      'binary',
      'database',
      'ticket',
      'log',
      'template',
      'server',
    ]
    for (const kind of kinds) {
      expect(css, kind).toMatch(
        new RegExp(
          `\\.rk-mime-icon\\[data-icon="${kind}"\\][^{]*\\{\\s*--rk-icon: url\\("data:image/svg\\+xml,`,
        ),
      )
    }
  })
})
