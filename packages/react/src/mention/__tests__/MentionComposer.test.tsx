import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionComposer } from '../MentionComposer.tsx'

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo',
    status: 'ready',
    resources: [
      { uri: 'file:///w/alpha.md', name: 'alpha.md' },
      { uri: 'file:///w/beta.md', name: 'beta.md' },
      { uri: 'file:///w/gamma.md', name: 'gamma.md' },
    ],
  },
]

function setup(onSubmit = vi.fn()) {
  const client = createFakeClient([{ snapshot: readySnapshot('demo', 'Demo'), pages: [[]] }])
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <MentionComposer sources={sources} onSubmit={onSubmit} />
      </ResourceKitProvider>
    </StrictMode>,
  )
  const editor = screen.getByRole('textbox', { name: 'Message' })
  return { editor, onSubmit, user: userEvent.setup() }
}

const active = (editor: HTMLElement) =>
  editor.ownerDocument.getElementById(editor.getAttribute('aria-activedescendant') ?? '')
const status = () => screen.getByRole('status')

describe('MentionComposer', () => {
  it('opens a listbox on @, moves with arrows, and inserts the chosen resource as a chip', async () => {
    const { editor, onSubmit, user } = setup()
    await user.click(editor)
    await user.keyboard('@')
    expect(editor.getAttribute('role')).toBe('combobox')
    expect(screen.getAllByRole('option')).toHaveLength(3)
    expect(active(editor)?.textContent).toContain('alpha.md')
    await user.keyboard('{ArrowDown}')
    expect(active(editor)?.textContent).toContain('beta.md')
    await user.keyboard('{Enter}')
    expect(editor.getAttribute('role')).toBe('textbox')
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]?.[1]).toContain('file:///w/beta.md')
  })

  it('starts a new @ at the first result, and announces the row Enter picks', async () => {
    const { editor, user } = setup()
    await user.click(editor)
    await user.keyboard('@{ArrowDown}{ArrowDown}')
    expect(active(editor)?.textContent).toContain('gamma.md')
    // Leave this mention as text, then start another one.
    await user.keyboard('{Escape} @')
    expect(active(editor)?.textContent).toContain('alpha.md')
    expect(status().textContent).toContain('First: alpha.md')
    await user.keyboard('{Enter}')
    await act(async () => {})
    expect(editor.textContent).toContain('alpha.md')
  })

  it('stops at the ends of the list and leaves Tab alone', async () => {
    const { editor, user } = setup()
    await user.click(editor)
    await user.keyboard('@{ArrowUp}')
    expect(active(editor)?.textContent).toContain('alpha.md')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(active(editor)?.textContent).toContain('gamma.md')
  })
})
