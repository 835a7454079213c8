import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { startDraft } from '../templateDraft.ts'
import { type UseMentionResultsOptions, useMentionResults } from '../useMentionResults.ts'

const template = { uriTemplate: 'env://{name}', name: 'Env' }
const sources: PickerSource[] = [
  {
    serverId: 'a',
    serverName: 'Alpha',
    status: 'ready',
    resources: [
      { uri: 'file:///readme.md', name: 'readme.md' },
      { uri: 'file:///notes.md', name: 'notes.md' },
    ],
    templates: [template],
  },
  { serverId: 'b', serverName: 'Beta', status: 'loading', resources: [] },
]

function render(options: Partial<UseMentionResultsOptions>) {
  const client = createFakeClient([
    {
      snapshot: readySnapshot('a', 'Alpha'),
      pages: [[]],
      complete: ({ argument }) => ({
        values: ['dev', 'prod'].filter((v) => v.startsWith(argument.value)),
      }),
    },
  ])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
  )
  return renderHook(
    (props: Partial<UseMentionResultsOptions>) =>
      useMentionResults({
        sources,
        query: '',
        mode: 'resource',
        draft: null,
        variable: undefined,
        maxOptions: 50,
        ...options,
        ...props,
      }),
    { wrapper, initialProps: {} },
  )
}

describe('useMentionResults', () => {
  it('lists templates and resources of every server, and the servers not listed', () => {
    const { result } = render({ query: '' })
    expect(result.current.options.map((o) => o.label)).toEqual(['Env', 'readme.md', 'notes.md'])
    expect(result.current).toMatchObject({ total: 3, exact: true, more: false })
    expect(result.current.unavailable.map((s) => s.serverId)).toEqual(['b'])
  })

  it('searches within a server scope', async () => {
    const { result } = render({ query: 'alpha:read' })
    expect(result.current.query).toEqual({ serverId: 'a', text: 'read' })
    await waitFor(() => expect(result.current.options[0]?.label).toBe('readme.md'))
    expect(result.current.searchPending).toBe(false)
    expect(result.current.unavailable).toEqual([])
  })

  it('keeps the rows shown until the next query’s hits arrive, then replaces them', async () => {
    const { result, rerender } = render({ query: 'readme' })
    await waitFor(() => expect(result.current.options.map((o) => o.label)).toEqual(['readme.md']))
    rerender({ query: 'notes' })
    // Right after the key: the last hits stay (no flash of "No results"), marked as pending.
    expect(result.current.options.map((o) => o.label)).toEqual(['readme.md'])
    expect(result.current.searchPending).toBe(true)
    await waitFor(() => expect(result.current.options.map((o) => o.label)).toEqual(['notes.md']))
  })

  it('shows nothing while the caret is in no query', () => {
    const { result } = render({ query: null })
    expect(result.current.options).toEqual([])
  })

  it('in a draft, offers the completion values and counts them apart from "use as typed"', async () => {
    const draft = startDraft('a', template, ['name'], 'env')
    const { result } = render({ query: 'd', mode: 'value', draft, variable: 'name' })
    await waitFor(() => expect(result.current.options.map((o) => o.label)).toEqual(['dev', 'd']))
    expect(result.current.suggestions).toBe(1)
    expect(result.current.total).toBe(2)
  })
})
