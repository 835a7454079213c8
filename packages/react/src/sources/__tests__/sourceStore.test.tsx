// The source store as the composer reads it: the @ popup's index follows the server's list
// changes through useResourceSources, so a resource the server removed is no longer
// offered and a template its list gained is.
import type { Resource } from '@resource-kit/client'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { useMentionResults } from '../../mention/useMentionResults.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { useResourceSources } from '../../queries/useResourceSources.ts'

const resource = (name: string): Resource => ({ uri: `file:///w/${name}`, name })

function renderMentions(query: string) {
  const client = createFakeClient([
    {
      snapshot: readySnapshot('repo', 'Repo'),
      pages: [[resource('alpha.md'), resource('alpine.md'), resource('beta.md')]],
      templates: [],
    },
  ])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
  )
  const view = renderHook(
    () => {
      const sources = useResourceSources({ publishIntervalMs: 0, whenIdle: async () => {} })
      return useMentionResults({
        sources,
        query,
        mode: 'resource',
        draft: null,
        variable: undefined,
        maxOptions: 10,
      })
    },
    { wrapper },
  )
  const names = () => view.result.current.options.map((option) => option.label)
  return { client, names }
}

describe('the source store in the @ popup', () => {
  it('stops offering a resource the server removed', async () => {
    const { client, names } = renderMentions('alp')
    await waitFor(() => expect(names().sort()).toEqual(['alpha.md', 'alpine.md']))
    client.servers.get('repo')!.pages = [[resource('alpine.md'), resource('beta.md')]]
    client.emit('repo', { type: 'listChanged' })
    await waitFor(() => expect(names()).toEqual(['alpine.md']))
  })

  it('offers a template the server’s template list gained', async () => {
    const { client, names } = renderMentions('ticket')
    await waitFor(() => expect(names()).toEqual([]))
    client.servers.get('repo')!.templates = [{ uriTemplate: 'ticket://{id}', name: 'ticket' }]
    client.emit('repo', { type: 'listChanged' })
    await waitFor(() => expect(names()).toEqual(['ticket']))
  })
})
