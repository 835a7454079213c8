// The @ popup while a server is down: its hits stay offered (last known) but after every
// live one, each marked with words a screen reader reads; the marks go when it is back.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionComposer } from '../MentionComposer.tsx'

const demo = (status: PickerSource['status']): PickerSource => ({
  serverId: 'demo',
  serverName: 'Demo',
  status,
  resources: [
    { uri: 'file:///w/readme.md', name: 'readme.md' },
    { uri: 'file:///w/readme-old.md', name: 'readme-old.md' },
  ],
})
const docs: PickerSource = {
  serverId: 'docs',
  serverName: 'Docs',
  status: 'ready',
  resources: [{ uri: 'file:///d/readme-guide.md', name: 'readme-guide.md' }],
}

function setup(onSubmit = vi.fn()) {
  const client = createFakeClient([
    { snapshot: readySnapshot('demo', 'Demo'), pages: [[]] },
    { snapshot: readySnapshot('docs', 'Docs'), pages: [[]] },
  ])
  const composer = (sources: PickerSource[]) => (
    <StrictMode>
      <ResourceKitProvider client={client}>
        <MentionComposer sources={sources} onSubmit={onSubmit} />
      </ResourceKitProvider>
    </StrictMode>
  )
  const view = render(composer([demo('ready'), docs]))
  return {
    editor: screen.getByRole('textbox', { name: 'Message' }),
    show: (sources: PickerSource[]) => view.rerender(composer(sources)),
    onSubmit,
    user: userEvent.setup(),
  }
}

const options = () =>
  screen.getAllByRole('option').map((o) => ({
    name: o.textContent ?? '',
    down: o.hasAttribute('data-server-down'),
  }))

describe('MentionComposer: a server that is down', () => {
  it('ranks its hits after the live ones, marked, and live again once it is back', async () => {
    const { editor, show, user } = setup()
    await user.click(editor)
    await user.keyboard('@readme')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    expect(options()[0]?.name).toMatch(/^readme\.md/)
    expect(options().some((o) => o.down)).toBe(false)

    show([demo('offline'), docs])
    await waitFor(() => expect(options()[0]?.name).toMatch(/^readme-guide\.md/))
    expect(options().map((o) => o.down)).toEqual([false, true, true])
    // Its name says so (visible text, read as part of the option).
    expect(
      screen.getAllByRole('option', { name: /server not answering/ }).map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^readme\.md/), expect.stringMatching(/^readme-old\.md/)])
    // The popup says which server is not answering (with Retry when it has one).
    expect(screen.getByRole('list', { name: 'Servers not listed' }).textContent).toMatch(
      /Demo is offline: not answering/,
    )
    // Announced: the first row Enter takes is a live one.
    expect(screen.getByRole('status').textContent).toContain('First: readme-guide.md')

    show([demo('ready'), docs])
    await waitFor(() => expect(options()[0]?.name).toMatch(/^readme\.md/))
    expect(options().some((o) => o.down)).toBe(false)
    expect(screen.queryByRole('option', { name: /server not answering/ })).toBeNull()
  })

  it('still lets a person choose a down server’s resource on purpose (the host shows its state)', async () => {
    const { editor, show, onSubmit, user } = setup()
    show([demo('reconnecting'), docs])
    await user.click(editor)
    await user.keyboard('@readme-old')
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]?.textContent).toMatch(/^readme-old\.md/),
    )
    expect(screen.getAllByRole('option')[0]?.hasAttribute('data-server-down')).toBe(true)
    // Announced with its state: Enter would take a down server's resource.
    expect(screen.getByRole('status').textContent).toMatch(
      /First: readme-old\.md, resource, Demo, server not answering\./,
    )
    await user.keyboard('{Enter}{Enter}')
    expect(onSubmit.mock.calls[0]?.[1]).toContain('file:///w/readme-old.md')
  })
})
