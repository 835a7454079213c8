// PARTS (connected): the host's server list. Each card: name, protocol era, where it is,
// its state (connecting, live, reconnecting, offline, needs sign-in, failed) in one
// sentence, the signed-in account, and the actions that state offers — Sign in / Sign out,
// Retry (never throws: the outcome shows as the state), Remove. A failure's raw error sits
// behind "Details". Unstyled: `rk-server*` classes and `data-state`; theme.css styles them.
import { describeConnectionFailure, type ServerSnapshot, shortLocation } from '@resource-kit/client'
import { type HTMLAttributes, type ReactNode, useId, useState } from 'react'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { useServers } from '../queries/useServers.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { serverStateOf } from './serverState.ts'
import { describesFailure, serverStatusText } from './serverStatusText.ts'

export interface ServerStatusListProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The sources (`useResourceSources`): a live server's card gives its count. */
  sources?: readonly PickerSource[] | undefined
  /** Display name per server id (else the source's name, else the id). */
  names?: ReadonlyMap<string, string> | undefined
  /** URL per server id: shown short, and names the host when it cannot be reached. */
  urls?: ReadonlyMap<string, string> | undefined
  /** Offers Remove on the servers `removable` allows (all, without it). */
  onRemove?: ((serverId: string) => void) | undefined
  removable?: ((serverId: string) => boolean) | undefined
  /** The list's heading. @default "Servers" */
  heading?: ReactNode
  /** After the list (e.g. a form to add a server). */
  children?: ReactNode
}

/** Every server of the provider's client, with its state and actions. */
export function ServerStatusList({
  sources,
  names,
  urls,
  onRemove,
  removable,
  heading = 'Servers',
  children,
  className,
  ...props
}: ServerStatusListProps) {
  const servers = useServers()
  const headingId = useId()
  const bySource = new Map(sources?.map((s) => [s.serverId, s]))
  return (
    <section
      aria-labelledby={headingId}
      {...props}
      className={className ? `rk-servers ${className}` : 'rk-servers'}
    >
      <h2 id={headingId} className="rk-servers-heading">
        {heading}
      </h2>
      <ul className="rk-server-list">
        {servers.map((server) => {
          const source = bySource.get(server.id)
          return (
            <ServerStatusItem
              key={server.id}
              server={server}
              source={source}
              name={names?.get(server.id) ?? source?.serverName ?? server.id}
              url={urls?.get(server.id)}
              onRemove={
                onRemove && (removable?.(server.id) ?? true) ? () => onRemove(server.id) : undefined
              }
            />
          )
        })}
      </ul>
      {children}
    </section>
  )
}

export interface ServerStatusItemProps {
  server: ServerSnapshot
  source?: PickerSource | undefined
  name: string
  url?: string | undefined
  onRemove?: (() => void) | undefined
}

/** One server's card. */
export function ServerStatusItem({ server, source, name, url, onRemove }: ServerStatusItemProps) {
  const client = useResourceClient()
  const state = serverStateOf(server)
  const failed = describesFailure(state)
  // A CORS refusal arrives named by the client (its no-cors probe, corsProbe.ts): no second probe.
  const failure = failed ? describeConnectionFailure(server.error, { url }) : undefined
  const [actionError, setActionError] = useState<string>()
  const run = (action: () => Promise<unknown>) => {
    setActionError(undefined)
    action().catch((cause: unknown) =>
      setActionError(cause instanceof Error ? cause.message : String(cause)),
    )
  }
  const retry = () => {
    // The outcome shows as the server's state; a failed retry must not throw.
    try {
      if (source?.retry && state === 'live') source.retry()
      else client.reconnect(server.id).catch(() => {})
    } catch {
      // the status line already says what is wrong
    }
  }
  const auth = server.auth
  const canRetry =
    state === 'error' ||
    state === 'offline' ||
    state === 'reconnecting' ||
    source?.status === 'error'
  const signIn = state === 'needs-sign-in' && auth
  const signOut = state !== 'needs-sign-in' && auth?.phase === 'signed-in'
  const who = signOut ? (auth.account?.name ?? auth.account?.subject) : undefined
  return (
    <li
      className="rk-server"
      data-state={state}
      data-server-id={server.id}
      data-cause={failure?.cause}
    >
      <div className="rk-server-head">
        <span className="rk-server-dot" data-state={state} aria-hidden="true" />
        <span className="rk-server-name">{name}</span>
        {server.era && (
          <span className="rk-server-era" title={`Protocol ${server.protocolVersion ?? ''}`}>
            {server.era === 'modern' ? '2026-07-28' : '2025-11-25'}
          </span>
        )}
      </div>
      {url && (
        <p className="rk-server-url" title={url}>
          {shortLocation(url)}
        </p>
      )}
      <p className="rk-server-status" role="status">
        {serverStatusText(server, source, { state, failure })}
      </p>
      {signOut && (
        <p className="rk-server-account">
          Signed in{who ? ' as ' : ''}
          {who && <strong>{who}</strong>}
        </p>
      )}
      {actionError && (
        <p className="rk-server-error" role="alert">
          {actionError}
        </p>
      )}
      {failure?.detail && (
        <details className="rk-server-detail">
          <summary>Details</summary>
          {/* A scroll area: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable
            tabIndex={0}
          >
            {failure.detail}
          </pre>
        </details>
      )}
      {(canRetry || signIn || signOut || onRemove) && (
        <div className="rk-server-actions">
          {signIn && (
            <button
              type="button"
              className="rk-button"
              onClick={() => run(() => auth.signIn())}
              disabled={auth.phase === 'signing-in'}
              aria-label={`Sign in to ${name}`}
            >
              Sign in
            </button>
          )}
          {signOut && (
            <button
              type="button"
              className="rk-button rk-button-quiet"
              onClick={() => run(() => auth.signOut())}
              aria-label={`Sign out of ${name}`}
            >
              Sign out
            </button>
          )}
          {canRetry && (
            <button
              type="button"
              className="rk-button"
              onClick={retry}
              aria-label={`Retry ${name}`}
            >
              Retry
            </button>
          )}
          {onRemove && (
            <button
              type="button"
              className="rk-button rk-button-quiet"
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
