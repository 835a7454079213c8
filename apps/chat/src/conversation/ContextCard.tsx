// One mentioned resource as the model received it: its text (first lines, expandable) or
// a summary of a blob; an "updated" mark when the server changed it after sending.
import type { ContextItem, ContextPart } from './chatMessage.ts'
import { formatSize } from './modelContext.ts'

const PREVIEW_LINES = 8

export function ContextCard({ item, updated }: { item: ContextItem; updated: boolean }) {
  return (
    <article
      className="chat-context"
      data-status={item.status}
      aria-label={`Attached: ${item.label}`}
    >
      <header className="chat-context-head">
        <span className="chat-context-name">{item.label}</span>
        <span className="chat-context-uri" title={item.uri}>
          {item.uri}
        </span>
        {updated && (
          <span className="chat-updated" title="Changed on the server after this was sent">
            updated
          </span>
        )}
      </header>
      {item.status === 'error' ? (
        <p className="chat-context-error" role="note">
          Not sent: {item.error}
        </p>
      ) : (
        item.parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts keep the server's order
          <ContextPartView key={i} part={part} multiple={item.parts.length > 1} />
        ))
      )}
    </article>
  )
}

function ContextPartView({ part, multiple }: { part: ContextPart; multiple: boolean }) {
  const meta = `${part.mimeType ?? 'unknown type'} · ${formatSize(part.bytes)}`
  if (part.kind === 'blob') {
    return (
      <p className="chat-context-blob">
        {multiple && <span className="chat-context-part-uri">{part.uri} · </span>}
        Binary {meta}: the model gets it as a file attachment, not as text.
      </p>
    )
  }
  const lines = part.text.split('\n')
  const short = lines.length <= PREVIEW_LINES && !part.truncated
  return (
    <div className="chat-context-text">
      <p className="chat-context-meta">
        {multiple && <span className="chat-context-part-uri">{part.uri} · </span>}
        {meta}
        {part.truncated && ' · cut in this preview'}
      </p>
      {short ? (
        <pre>{part.text}</pre>
      ) : (
        <details>
          <summary>
            <pre>{lines.slice(0, PREVIEW_LINES).join('\n')}</pre>
            <span className="chat-context-more">
              Show all {lines.length.toLocaleString('en-US')} lines
            </span>
          </summary>
          <pre>{lines.slice(PREVIEW_LINES).join('\n')}</pre>
        </details>
      )}
    </div>
  )
}
