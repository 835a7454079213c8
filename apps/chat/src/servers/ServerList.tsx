// The servers panel: each server with its display name, where it is, its connection
// status, protocol era and what it offers; a failed server says why in plain words (the
// raw error behind "Details") with a Retry that never throws, and the others keep working.
// A server that needs sign-in offers Sign in; a signed-in one shows its account and Sign out.
import { describeConnectionFailure, type ServerSnapshot, shortLocation } from '@resource-kit/client'
import {
  countResources,
  isSourceBusy,
  type PickerSource,
  resourceCountText,
  useResourceClient,
  useServers,
} from '@resource-kit/react'
import { AccountLine, useServerSignIn } from '../auth/ServerSignIn.tsx'
import { AddServerForm } from './AddServerForm.tsx'
import type { ChatServers } from './useChatServers.ts'

export interface ServerListProps {
  sources: readonly PickerSource[]
  servers: ChatServers
  /** The app's display name for each server (useServerNames). */
  names: ReadonlyMap<string, string>
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
            name={names.get(server.id) ?? server.id}
            url={servers.urls.get(server.id)}
            removable={servers.added.includes(server.id)}
            onRemove={() => servers.removeServer(server.id)}
          />
        ))}
      </ul>
      {servers.canAdd ? (
        <AddServerForm onAdd={servers.addServer} />
      ) : (
        <p className="chat-bridge-note">
          Through the bridge: these servers are connected by the demo’s backend (one is a stdio
          process no page can reach), which signs in and keeps the tokens. To add a server by URL
          from this page, <a href="?mode=direct">switch to direct mode</a>.
        </p>
      )}
    </section>
  )
}

interface ServerItemProps {
  name: string
  url: string | undefined
  server: ServerSnapshot
  source: PickerSource | undefined
  removable: boolean
  onRemove: () => void
}

function ServerItem({ server, source, name, url, removable, onRemove }: ServerItemProps) {
  const client = useResourceClient()
  const tone = toneOf(server, source)
  const failed = server.status === 'error' || server.status === 'needs-auth'
  // A CORS refusal comes named by the client (its no-cors probe), as the picker's row says it.
  const failure = failed ? describeConnectionFailure(server.error, { url }) : undefined
  const signIn = useServerSignIn(server, name)
  const retry = () => {
    // The outcome shows as the server's status; a failed retry must not throw.
    try {
      if (source?.retry) source.retry()
      else client.reconnect(server.id).catch(() => {})
    } catch {
      // the status row already says what is wrong
    }
  }
  return (
    <li
      className="chat-server"
      data-tone={tone}
      data-server-id={server.id}
      data-cause={failure?.cause}
    >
      <div className="chat-server-head">
        <span className="chat-status-dot" data-tone={tone} aria-hidden="true" />
        <span className="chat-server-name">{name}</span>
        {server.era && (
          <span className="chat-badge" title={`Protocol ${server.protocolVersion ?? ''}`}>
            {server.era === 'modern' ? '2026-07-28' : '2025-11-25'}
          </span>
        )}
      </div>
      {url && (
        <p className="chat-server-url" title={url}>
          {shortLocation(url)}
        </p>
      )}
      <p className="chat-server-status" role="status">
        {signIn.status ?? (failure ? failure.summary : statusLine(server, source))}
      </p>
      <AccountLine server={server} />
      {signIn.error && (
        <p className="chat-field-error" role="alert">
          {signIn.error}
        </p>
      )}
      {failure?.detail && (
        <details className="chat-server-detail">
          <summary>Details</summary>
          <pre>{failure.detail}</pre>
        </details>
      )}
      {(tone === 'error' || removable || signIn.actions) && (
        <div className="chat-server-actions">
          {signIn.actions}
          {tone === 'error' && (
            <button
              type="button"
              className="chat-button chat-button-small"
              onClick={retry}
              aria-label={`Retry ${name}`}
            >
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
  if (
    server.status === 'needs-auth' ||
    server.status === 'reconnecting' ||
    source?.status === 'needs-input'
  )
    return 'warn'
  if (server.status === 'connecting' || source?.status === 'loading') return 'busy'
  return 'ok'
}

function statusLine(server: ServerSnapshot, source: PickerSource | undefined): string {
  switch (server.status) {
    case 'connecting':
      return 'Connecting…'
    case 'reconnecting':
      // Not "2,000 resources" in green: the count is what was listed before it went away.
      return 'Not answering, reconnecting…'
    case 'closed':
      return 'Disconnected'
  }
  if (!source) return 'Connected'
  if (source.status === 'error')
    return `Listing failed: ${source.error?.message.slice(0, 200) ?? 'unknown error'}`
  if (source.status === 'loading') return 'Loading resources…'
  if (source.status === 'empty') return 'No resources'
  // Worded and counted as the picker's server rows say it; no number while pages arrive.
  if (isSourceBusy(source)) return 'Loading resources…'
  return resourceCountText(countResources([source]))
}
