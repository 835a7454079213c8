// The resources the draft mentions, as attachments: each is watched on its server and
// marked "updated" when it changes before sending (the send reads the fresh content), or
// "removed" when its server no longer lists it (sending it would fail: remove or replace it).
import type { MentionAttachment } from '@resource-kit/react'

export interface AttachmentBarProps {
  attachments: readonly MentionAttachment[]
  onRemove: (attachment: MentionAttachment) => void
}

export function AttachmentBar({ attachments, onRemove }: AttachmentBarProps) {
  if (attachments.length === 0) return null
  return (
    // Polite: a screen reader hears when an attachment gets its "updated" mark.
    <ul
      className="chat-attachments"
      aria-label="Attachments"
      aria-live="polite"
      aria-relevant="additions text"
    >
      {attachments.map((a) => (
        <li
          key={a.key}
          className="chat-attachment"
          data-updated={a.updated ? '' : undefined}
          data-removed={a.removed ? '' : undefined}
          data-watch={a.watch}
          title={`${a.serverId}: ${a.uri}`}
        >
          <span className="chat-attachment-live" data-watch={a.watch} aria-hidden="true" />
          <span className="chat-attachment-label">{a.label}</span>
          {a.removed && (
            <span className="chat-removed" title="The server no longer lists this resource">
              removed
            </span>
          )}
          {a.updated && (
            <span className="chat-updated" title="Changed on the server since you mentioned it">
              updated
            </span>
          )}
          <button
            type="button"
            className="chat-attachment-remove"
            aria-label={`Remove ${a.label}`}
            onClick={() => onRemove(a)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
