// PARTS: the draft's attachments as chips. Each says what it is (name, server), what it
// costs (size and a token estimate: the measure the preview and the sent message show),
// what changed (new, updated, removed: the one change state) and whether its server can
// answer ("server down"). A removed one has no watch dot: nothing about it is live.
// Unstyled: `rk-attachment*` classes and data-* states; theme.css styles them.
import type { HTMLAttributes } from 'react'
import { formatContextSize } from '../preview/contextSize.ts'
import { SERVER_STATE_TEXT } from '../servers/serverState.ts'
import type { SizedAttachment } from './useSizedAttachments.ts'

export interface AttachmentChipsProps extends Omit<HTMLAttributes<HTMLUListElement>, 'children'> {
  /** From `useSizedAttachments`. */
  attachments: readonly SizedAttachment[]
  /** Offers × on each chip. */
  onRemove?: ((attachment: SizedAttachment) => void) | undefined
  /** A server's display name. @default its id */
  serverName?: ((serverId: string) => string) | undefined
}

/** The chips, or nothing when there are no attachments. */
export function AttachmentChips({
  attachments,
  onRemove,
  serverName = (id) => id,
  className,
  ...props
}: AttachmentChipsProps) {
  if (attachments.length === 0) return null
  return (
    // Polite: a screen reader hears a chip's new mark or its server going down.
    <ul
      aria-label="Attachments"
      aria-live="polite"
      aria-relevant="additions text"
      {...props}
      className={className ? `rk-attachments ${className}` : 'rk-attachments'}
    >
      {attachments.map((a) => (
        <AttachmentChip
          key={a.key}
          attachment={a}
          server={serverName(a.serverId)}
          onRemove={onRemove && (() => onRemove(a))}
        />
      ))}
    </ul>
  )
}

export interface AttachmentChipProps {
  attachment: SizedAttachment
  /** The server's display name. */
  server: string
  onRemove?: (() => void) | undefined
}

/** What a chip says about its size. */
export function attachmentSizeText(a: SizedAttachment): string {
  if (a.size) return formatContextSize(a.size)
  switch (a.sizing) {
    case 'reading':
      return 'sizing…'
    case 'on-send':
      return 'sized when sent'
    default:
      return 'size unknown'
  }
}

/** One attachment. */
export function AttachmentChip({ attachment: a, server, onRemove }: AttachmentChipProps) {
  const removed = a.change === 'removed'
  return (
    <li
      className="rk-attachment"
      data-change={a.change}
      data-watch={removed ? undefined : a.watch}
      data-server-state={a.server}
      data-server-down={a.serverDown ? '' : undefined}
      data-sizing={a.sizing}
      data-bytes={a.size?.bytes}
      data-tokens={a.size?.hasText ? a.size.tokens : undefined}
      title={`${server}: ${a.uri}`}
    >
      {!removed && <span className="rk-attachment-live" data-watch={a.watch} aria-hidden="true" />}
      <span className="rk-attachment-label">{a.label}</span>{' '}
      <span className="rk-attachment-server">{server}</span>{' '}
      <span className="rk-attachment-size">{attachmentSizeText(a)}</span>
      {a.change && (
        <>
          {' '}
          <span className="rk-attachment-mark" data-change={a.change}>
            {a.change}
          </span>
        </>
      )}
      {a.serverDown && (
        <>
          {' '}
          <span className="rk-attachment-down" data-server-state={a.server}>
            {SERVER_STATE_TEXT[a.server]}
          </span>
        </>
      )}
      {onRemove && (
        <button
          type="button"
          className="rk-attachment-remove"
          aria-label={`Remove ${a.label}`}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </li>
  )
}
