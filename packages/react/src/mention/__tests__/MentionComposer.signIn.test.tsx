// The @ popup lists servers that are not listed yet; one that needs sign-in offers it.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionComposer } from '../MentionComposer.tsx'

function setup(locked: Partial<PickerSource>) {
  const sources: PickerSource[] = [
    {
      serverId: 'demo',
      serverName: 'Demo',
      status: 'ready',
      resources: [{ uri: 'file:///w/alpha.md', name: 'alpha.md' }],
    },
    { serverId: 'locked', serverName: 'Tickets', status: 'needs-auth', resources: [], ...locked },
  ]
  const client = createFakeClient([{ snapshot: readySnapshot('demo', 'Demo'), pages: [[]] }])
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <MentionComposer sources={sources} onSubmit={() => {}} />
      </ResourceKitProvider>
    </StrictMode>,
  )
  return { editor: screen.getByRole('textbox', { name: 'Message' }), user: userEvent.setup() }
}

describe('MentionComposer: a server that needs sign-in', () => {
  it('offers Sign in in the popup, without taking focus from the message', async () => {
    const signIn = vi.fn()
    const { editor, user } = setup({ signIn })
    await user.click(editor)
    await user.keyboard('@')
    const list = screen.getByRole('list', { name: 'Servers not listed' })
    expect(within(list).getByText('Sign in to Tickets')).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: 'Sign in' }))
    expect(signIn).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(editor)
  })

  it('offers nothing while the sign-in page is open', async () => {
    const { editor, user } = setup({ signIn: vi.fn(), signingIn: true })
    await user.click(editor)
    await user.keyboard('@')
    const list = screen.getByRole('list', { name: 'Servers not listed' })
    expect(within(list).getByText('Signing in to Tickets…')).toBeTruthy()
    expect(within(list).queryByRole('button')).toBeNull()
  })
})
