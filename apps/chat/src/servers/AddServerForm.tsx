// Add another MCP server by the URL of its Streamable HTTP endpoint.
import { type FormEvent, useId, useState } from 'react'

export function AddServerForm({ onAdd }: { onAdd: (url: string) => string }) {
  const id = useId()
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    try {
      onAdd(url)
      setUrl('')
      setError(null)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <form className="chat-add-server" onSubmit={submit} aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-url`} className="chat-field-label">
        Add a server
      </label>
      <div className="chat-add-server-row">
        <input
          id={`${id}-url`}
          className="chat-input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/mcp"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          required
        />
        <button type="submit" className="chat-button">
          Add
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="chat-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
