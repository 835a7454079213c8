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
    // The first suggestion is highlighted once something is typed; ArrowDown, Enter picks "app".
    const name = screen.getByRole('combobox', { name: /name/ })
    await waitFor(() => expect(name.getAttribute('aria-activedescendant')).toBeTruthy())
    expect(document.getElementById(name.getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'zeta',
    )
    await user.keyboard('{ArrowDown}{Enter}')
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

  it('takes the highlighted suggestion on Enter, as the composer does, then submits', async () => {
    const owners = ['alice', 'alicia', 'bob']
    const { onSubmit, user } = setup((o) =>
      o.argument.name === 'owner'
        ? { values: owners.filter((v) => v.startsWith(o.argument.value)) }
        : { values: ['app', 'apple'].filter((v) => v.startsWith(o.argument.value)) },
    )
    const owner = screen.getByRole('combobox', { name: /owner/ }) as HTMLInputElement
    // Enter typed at once waits for the suggestions of "ali", then takes the first.
    await user.type(owner, 'ali{Enter}')
    await waitFor(() => expect(owner.value).toBe('alice'))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
    const name = screen.getByRole('combobox', { name: /name/ }) as HTMLInputElement
    await user.type(name, 'ap{Enter}')
    await waitFor(() => expect(name.value).toBe('app'))
    expect(screen.getByRole('status', { name: 'Resulting URI' }).textContent).toBe(
      'repo://alice/app',
    )
    // The list closed on the choice: Enter now submits what the form shows.
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ uri: 'repo://alice/app' })
  })

  it('submits on Enter when the text is the highlighted suggestion, and as typed after Escape', async () => {
    const { onSubmit, user } = setup((o) =>
      o.argument.name === 'owner' ? { values: ['alice'] } : { values: ['app', 'apple'] },
    )
    await user.type(screen.getByRole('combobox', { name: /owner/ }), 'alice')
    const name = screen.getByRole('combobox', { name: /name/ }) as HTMLInputElement
    await user.type(name, 'app')
    await waitFor(() => expect(name.getAttribute('aria-activedescendant')).toBeTruthy())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(name.value).toBe('app')
    // "ap" is not what the server suggests; Escape closes the list and Enter sends it as typed.
    await user.clear(name)
    await user.type(name, 'ap')
    await waitFor(() => expect(name.getAttribute('aria-activedescendant')).toBeTruthy())
    await user.keyboard('{Escape}{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe('Not found: repo://alice/ap')
    expect(name.value).toBe('ap')
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
