'use client'
// The one client component a server page needs around the parts: it owns the ResourceClient
// (a class instance with connections, which cannot cross from the server) and the provider.
// The server page hands it plain data: the servers to connect to.
import { createResourceClient } from '@resource-kit/client'
import { ResourceKitProvider } from '@resource-kit/react'
import { type ReactNode, useEffect, useState } from 'react'

export interface ServerEntry {
  id: string
  url: string
}

export function ResourceKit({
  servers,
  children,
}: {
  servers: ServerEntry[]
  children: ReactNode
}) {
  // Made during the server render too, but without servers: connections open in the
  // browser only (an effect), so the server's HTML and the first browser render agree. The
  // client lives as long as the page (a closing effect would end it under Strict Mode).
  const [client] = useState(() => createResourceClient())
  useEffect(() => {
    for (const server of servers) {
      if (!client.getServer(server.id)) client.addServer(server.id, { url: server.url })
    }
  }, [client, servers])
  return <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
}
