'use client'
// The composer needs the live sources (a hook) and a callback: a client component.
import { MentionComposer, useResourceSources } from '@resource-kit/react'
import { useState } from 'react'

export function Composer() {
  const sources = useResourceSources()
  const [sent, setSent] = useState<string | null>(null)
  return (
    <div>
      <MentionComposer sources={sources} onSubmit={(_segments, value) => setSent(value)} />
      {sent !== null && (
        <p>
          Sent: <code>{sent}</code>
        </p>
      )}
    </div>
  )
}
