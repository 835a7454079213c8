import { type ResourceDescriptor, ResourcePicker } from '@resource-kit/react'
import { useState } from 'react'

export function App() {
  const [picked, setPicked] = useState<ResourceDescriptor[]>([])
  return (
    <main>
      <section className="picker" aria-label="Resources">
        <ResourcePicker selectionMode="multiple" onSelect={setPicked} />
      </section>
      <section aria-label="Picked">
        <h2>Picked</h2>
        {picked.length === 0 ? (
          <p>Nothing yet: choose resources on the left (Enter or click).</p>
        ) : (
          <ul className="picked">
            {picked.map((resource) => (
              <li key={`${resource.serverId} ${resource.uri}`}>{resource.uri}</li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
