import type { CompleteOptions } from '@resource-kit/client'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { TemplateForm } from '../TemplateForm.tsx'

const TEMPLATE = 'repo://{owner}/{name}{?ref}'

function setup(
  complete: (o: CompleteOptions) => { values: string[]; total?: number; hasMore?: boolean },
) {
  const client = createFakeClient([
    {
      snapshot: readySnapshot('gh'),
      pages: [],
      complete,
      reads: {
        'repo://alice/app': {
          contents: [{ uri: 'repo://alice/app', text: 'hi' }],
          ttlMs: 0,
          cacheScope: 'public',
        },
      },
    },
  ])
  const onSubmit = vi.fn()
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <TemplateForm
          serverId="gh"
          uriTemplate={TEMPLATE}
          title="Repository"
          debounceMs={0}
          onSubmit={onSubmit}
        />
      </ResourceKitProvider>
    </StrictMode>,
  )
  return { client, onSubmit, user: userEvent.setup() }
}

afterEach(() => vi.useRealTimers())

describe('TemplateForm', () => {
  it('has one field per variable with required/optional hints and a live URI preview', async () => {
    const { user } = setup(() => ({ values: [] }))
    expect(screen.getByRole('combobox', { name: /owner \(required\)/ })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: /ref \(optional\)/ })).toBeTruthy()
    const open = screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement
    expect(open.disabled).toBe(true)
    await user.type(screen.getByRole('combobox', { name: /owner/ }), 'alice')
    await user.type(screen.getByRole('combobox', { name: /name/ }), 'my app')
    expect(screen.getByRole('status', { name: 'Resulting URI' }).textContent).toBe(
      'repo://alice/my%20app',
    )
    expect(open.disabled).toBe(false)
  })

  it('shows suggestions in the server order with the total, sending the other fields as context', async () => {
    const { client, user } = setup((o) =>
      o.argument.name === 'name'
        ? { values: ['zeta', 'app', 'beta'], total: 40, hasMore: true }
        : { values: [] },
    )
    await user.type(screen.getByRole('combobox', { name: /owner/ }), 'alice')
    await user.type(screen.getByRole('combobox', { name: /name/ }), 'a')
    const list = await screen.findByRole('listbox', { name: 'Suggestions for name' })
    await waitFor(() => expect(list.querySelectorAll('[role=option]')).toHaveLength(3))
    expect([...list.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual([
      'zeta',
      'app',
      'beta',
    ])
    expect(list.textContent).toContain('Showing 3 of 40')
    const last = client.calls.complete.at(-1)!
    expect(last).toMatchObject({
      template: TEMPLATE,
      argument: { name: 'name', value: 'a' },
      context: { owner: 'alice' },
    })
    // Keyboard: ArrowDown twice, Enter picks "app".
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect((screen.getByRole('combobox', { name: /name/ }) as HTMLInputElement).value).toBe('app')
  })

  it('reads the URI on submit and shows not-found inline', async () => {
    const { onSubmit, user } = setup(() => ({ values: [] }))
    await user.type(screen.getByRole('combobox', { name: /owner/ }), 'bob')
    await user.type(screen.getByRole('combobox', { name: /name/ }), 'nope{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe('Not found: repo://bob/nope')
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(screen.getByRole('combobox', { name: /owner/ }))
    await user.type(screen.getByRole('combobox', { name: /owner/ }), 'alice')
    await user.clear(screen.getByRole('combobox', { name: /name/ }))
    await user.type(screen.getByRole('combobox', { name: /name/ }), 'app{Enter}')
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      serverId: 'gh',
      uri: 'repo://alice/app',
      name: 'app',
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('debounces completion requests and aborts the stale one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const signals: AbortSignal[] = []
    const client = createFakeClient([{ snapshot: readySnapshot('gh'), pages: [] }])
    client.complete = (_id, o) => {
      signals.push(o.signal!)
      client.calls.complete.push(o)
      return new Promise(() => {})
    }
    render(
      <ResourceKitProvider client={client}>
        <TemplateForm serverId="gh" uriTemplate={TEMPLATE} debounceMs={300} />
      </ResourceKitProvider>,
    )
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const owner = screen.getByRole('combobox', { name: /owner/ })
    await user.click(owner)
    await act(() => vi.advanceTimersByTimeAsync(300))
    const before = client.calls.complete.length
    await user.type(owner, 'abc')
    await act(() => vi.advanceTimersByTimeAsync(300))
    // One request for the finished word, not one per keystroke.
    expect(client.calls.complete.slice(before).map((c) => c.argument.value)).toEqual(['abc'])
    expect(signals[before - 1]!.aborted).toBe(true)
  })
})
