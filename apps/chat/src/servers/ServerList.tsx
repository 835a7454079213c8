// The servers panel: the library's server list (state, sign-in, Retry, Remove) with the
// app's display names and URLs, and a form to add a server by URL (direct mode only:
// through the bridge the backend holds the servers).
import { type PickerSource, ServerStatusList } from '@resource-kit/react'
import { AddServerForm } from './AddServerForm.tsx'
import type { ChatServers } from './useChatServers.ts'

export interface ServerListProps {
  sources: readonly PickerSource[]
  servers: ChatServers
  /** The app's display name for each server (useServerNames). */
  names: ReadonlyMap<string, string>
}

export function ServerList({ sources, servers, names }: ServerListProps) {
  return (
    <ServerStatusList
      className="chat-servers"
      // The sidebar is dark in both schemes: the list takes the theme's dark palette.
      data-theme="dark"
      sources={sources}
      names={names}
      urls={servers.urls}
      onRemove={servers.removeServer}
      removable={(id) => servers.added.includes(id)}
    >
      {servers.canAdd ? (
        <AddServerForm onAdd={servers.addServer} />
      ) : (
        <p className="chat-bridge-note">
          Through the bridge: these servers are connected by the demo’s backend (one is a stdio
          process no page can reach), which signs in and keeps the tokens. To add a server by URL
          from this page, <a href="?mode=direct">switch to direct mode</a>.
        </p>
      )}
    </ServerStatusList>
  )
}
