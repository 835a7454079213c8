// The servers panel: each server with its connection status, protocol era and what it
// offers; a failed server shows its error and a Retry button, and the others keep working.
import type { ServerSnapshot } from '@resource-kit/client'
import { type PickerSource, useResourceClient, useServers } from '@resource-kit/react'
import { AddServerForm } from './AddServerForm.tsx'
import type { ChatServers } from './useChatServers.ts'

export interface ServerListProps {
  sources: readonly PickerSource[]
  servers: ChatServers
  /** Display names from the config, used when a server has no title of its own. */
  names?: ReadonlyMap<string, string>
}

export function ServerList({ sources, servers, names }: ServerListProps) {
  const snapshots = useServers()
  const bySource = new Map(sources.map((s) => [s.serverId, s]))
  return (
    <section className="chat-servers" aria-labelledby="servers-heading">
      <h2 id="servers-heading" className="chat-section-title">
        Servers
      </h2>
      <ul className="chat-server-list">
        {snapshots.map((server) => (
          <ServerItem
            key={server.id}
            server={server}
            source={bySource.get(server.id)}
            name={
              server.serverInfo?.title ??
              names?.get(server.id) ??
              server.serverInfo?.name ??
              server.id
            }
            removable={servers.added.includes(server.id)}
            onRemove={() => servers.removeServer(server.id)}
          />
        ))}
      </ul>
      <AddServerForm onAdd={servers.addServer} />
    </section>
  )
}

function ServerItem({
  server,
  source,
  name,
  removable,
  onRemove,
}: {
  name: string
  server: ServerSnapshot
  source: PickerSource | undefined
  removable: boolean
  onRemove: () => void
}) {
  const client = useResourceClient()
  const tone = toneOf(server, source)
  const retry = source?.retry ?? (() => void client.reconnect(server.id))
  return (
    <li className="chat-server" data-tone={tone} data-server-id={server.id}>
      <div className="chat-server-head">
        <span className="chat-status-dot" data-tone={tone} aria-hidden="true" />
        <span className="chat-server-name" title={server.id}>
          {name}
        </span>
        {server.era && (
          <span className="chat-badge" title={`Protocol ${server.protocolVersion ?? ''}`}>
            {server.era === 'modern' ? '2026-07-28' : '2025-11-25'}
          </span>
        )}
      </div>
      <p className="chat-server-status" role="status">
        {statusLine(server, source)}
      </p>
      {(tone === 'error' || removable) && (
        <div className="chat-server-actions">
          {tone === 'error' && (
            <button type="button" className="chat-button chat-button-small" onClick={retry}>
              Retry
            </button>
          )}
          {removable && (
            <button
              type="button"
              className="chat-button chat-button-small chat-button-quiet"
              onClick={onRemove}
              aria-label={`Remove ${name}`}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </li>
  )
}

type Tone = 'ok' | 'busy' | 'warn' | 'error'

function toneOf(server: ServerSnapshot, source: PickerSource | undefined): Tone {
  if (server.status === 'error' || server.status === 'closed' || source?.status === 'error')
    return 'error'
  if (server.status === 'needs-auth' || source?.status === 'needs-input') return 'warn'
  if (server.status === 'connecting' || source?.status === 'loading') return 'busy'
  return 'ok'
}

function statusLine(server: ServerSnapshot, source: PickerSource | undefined): string {
  switch (server.status) {
    case 'connecting':
      return 'Connecting…'
    case 'needs-auth':
      return `Needs sign-in${server.error ? `: ${server.error.message}` : ''}`
    case 'error':
      return `Cannot connect: ${server.error?.message ?? 'unknown error'}`
    case 'closed':
      return 'Disconnected'
  }
  if (!source) return 'Connected'
  if (source.status === 'error')
    return `Listing failed: ${source.error?.message ?? 'unknown error'}`
  if (source.status === 'loading') return 'Loading resources…'
  if (source.status === 'empty') return 'No resources'
  const resources = source.resources.length.toLocaleString('en-US')
  const templates = source.templates?.length ?? 0
  const more = source.hasMore ? '+' : ''
  return `${resources}${more} resources · ${templates} template${templates === 1 ? '' : 's'}`
}
