// A server component. It imports the picker straight from @resource-kit/react (a client
// module: Next.js renders it on the server, then hydrates it) and calls a pure helper from
// @resource-kit/react/helpers on the server.
import { ResourcePicker } from '@resource-kit/react'
import { formatMentionToken } from '@resource-kit/react/helpers'
import { Composer } from './Composer'
import { ResourceKit } from './ResourceKit'

// The server list is read per request (from the environment here; a database in a real app).
export const dynamic = 'force-dynamic'

export default function Page() {
  const servers = [{ id: 'demo', url: process.env.MCP_SERVER_URL ?? 'http://localhost:3333/mcp' }]
  const example = formatMentionToken({
    serverId: 'demo',
    uri: 'file:///project/README.md',
    label: 'README',
  })
  return (
    <ResourceKit servers={servers}>
      <main>
        <section className="picker" aria-label="Resources">
          <ResourcePicker placeholder="Search the demo server…" />
        </section>
        <section aria-label="Message">
          <Composer />
          <p>
            A mention is stored as plain text: <code>{example}</code>
          </p>
        </section>
      </main>
    </ResourceKit>
  )
}
