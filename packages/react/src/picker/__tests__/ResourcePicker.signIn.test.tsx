// A server that needs sign-in: its status row reads "Sign in to <server>", activating it
// (Enter on the highlighted row, or a click) starts the client's sign-in, and the server's
// resources then load in the same picker, without a remount. In the tree a collapsed server
// hides that row: activating the server itself starts the sign-in, one step, not two.
import type { ServerAuthSnapshot, ServerSnapshot } from '@resource-kit/client'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, makeResources, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { ResourcePicker } from '../ResourcePicker.tsx'
import { named } from './rowNames.ts'

function setup(view: 'list' | 'tree' = 'list') {
  const client = createFakeClient([
    { snapshot: readySnapshot('open', 'Open'), pages: [makeResources(1)] },
  ])
  let finishSignIn: () => void = () => {}
  const signIn = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        setAuth('signing-in')
        finishSignIn = () => {
          // What the real client does once the code is exchanged: reconnect, then ready.
          client.setServer('locked', {
            snapshot: { ...readySnapshot('locked', 'Tickets'), auth: auth('signed-in') },
            pages: [[{ uri: 'ticket://1', name: 'ticket-1' }]],
          })
          resolve()
        }
      }),
  )
  const auth = (phase: ServerAuthSnapshot['phase']): ServerAuthSnapshot => ({
    phase,
    serverName: 'Tickets',
    needsAuthorization: phase !== 'signed-in',
    signIn,
    signOut: async () => {},
  })
  const locked = (phase: ServerAuthSnapshot['phase']): ServerSnapshot => ({
    id: 'locked',
    status: 'needs-auth',
    error: new Error('Connecting to server "locked" needs authorization'),
    auth: auth(phase),
  })
  const setAuth = (phase: ServerAuthSnapshot['phase']) =>
    client.setServer('locked', { snapshot: locked(phase), pages: [] })
  client.setServer('locked', { snapshot: locked('signed-out'), pages: [] })
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <ResourcePicker initialRect={{ width: 400, height: 600 }} defaultView={view} />
      </ResourceKitProvider>
    </StrictMode>,
  )
  return { client, signIn, finish: () => act(() => finishSignIn()), user: userEvent.setup() }
}

describe('ResourcePicker: sign-in from the status row', () => {
  it('starts the sign-in with Enter on the highlighted row, then lists the server in place', async () => {
    const { signIn, finish, user } = setup()
    const row = await screen.findByRole('option', { name: named('Sign in to Tickets') })
    expect(row.getAttribute('aria-disabled')).not.toBe('true')
    const search = screen.getByRole('combobox')
    await user.click(search)
    // The status row is the last row: End highlights it.
    await user.keyboard('{End}')
    expect(search.getAttribute('aria-activedescendant')).toBe(row.id)
    await user.keyboard('{Enter}')
    expect(signIn).toHaveBeenCalledTimes(1)
    // While the authorization page is open the row waits and cannot start a second one.
    const waiting = await screen.findByRole('option', { name: named('Signing in to Tickets…') })
    expect(waiting.getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Enter}')
    expect(signIn).toHaveBeenCalledTimes(1)
    finish()
    expect(await screen.findByRole('option', { name: named('ticket-1') })).toBeTruthy()
    expect(screen.queryByRole('option', { name: /Sign in to/ })).toBeNull()
    expect(screen.getByRole('option', { name: named('file-0.ts') })).toBeTruthy()
  })

  it('starts the sign-in on a click', async () => {
    const { signIn, user } = setup()
    await user.click(await screen.findByRole('option', { name: named('Sign in to Tickets') }))
    expect(signIn).toHaveBeenCalledTimes(1)
  })

  it('in the tree, starts the sign-in from the collapsed server row in one step', async () => {
    const { signIn, finish, user } = setup('tree')
    const server = await screen.findByRole('treeitem', { name: named('Tickets') })
    const search = screen.getByRole('combobox')
    await user.click(search)
    await user.keyboard('{End}')
    expect(search.getAttribute('aria-activedescendant')).not.toBe(server.id)
    // Collapsed (servers start expanded): the status row is hidden, the server says why.
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(search.getAttribute('aria-activedescendant')).toBe(server.id)
    expect(server.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('treeitem', { name: named('Sign in to Tickets') })).toBeNull()
    expect(server.textContent).toContain('Needs sign-in')
    expect(signIn).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(signIn).toHaveBeenCalledTimes(1)
    // The server opens on its status row, which follows the sign-in.
    const waiting = await screen.findByRole('treeitem', { name: named('Signing in to Tickets…') })
    expect(waiting.getAttribute('aria-disabled')).toBe('true')
    finish()
    // Signed in: the server's resources (under their folder) load in place, still open.
    expect(await screen.findByRole('treeitem', { name: named('ticket://1') })).toBeTruthy()
    expect(server.getAttribute('aria-expanded')).toBe('true')
    expect(screen.queryByRole('treeitem', { name: /Sign/ })).toBeNull()
  })

  it('in the tree, a click on the collapsed server row starts the sign-in', async () => {
    const { signIn, user } = setup('tree')
    const server = () => screen.getByRole('treeitem', { name: named('Tickets') })
    await screen.findByRole('treeitem', { name: named('Sign in to Tickets') })
    // Expanded, it toggles as any server: collapsing it starts nothing.
    await user.click(server())
    expect(server().getAttribute('aria-expanded')).toBe('false')
    expect(signIn).not.toHaveBeenCalled()
    await user.click(server())
    expect(signIn).toHaveBeenCalledTimes(1)
    expect(server().getAttribute('aria-expanded')).toBe('true')
  })
})
