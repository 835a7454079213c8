// PART: stored text with mentions (a sent message, a saved draft) shown as the composer shows
// it: each mention a chip with its label, the rest as text. Never rendered as HTML; a chip's
// title says which server and URI it points at.
import { type ForwardedRef, forwardRef, type HTMLAttributes, type ReactNode, useMemo } from 'react'
import { type MentionRef, parseMentions } from './mentionToken.ts'

export interface MentionTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Text with mention tokens: the composer's value, `serializeMentions(segments)`. */
  text: string
  /** Renders one mention instead of the default chip (`.rk-mention`). */
  renderMention?: ((mention: MentionRef) => ReactNode) | undefined
}

/** `see @[Readme](mcp://demo/file:///README.md)` → "see [@Readme]". */
export const MentionText = forwardRef(function MentionText(
  { text, renderMention, className, ...props }: MentionTextProps,
  ref: ForwardedRef<HTMLSpanElement>,
) {
  const segments = useMemo(() => parseMentions(text), [text])
  return (
    <span
      {...props}
      ref={ref}
      className={className ? `rk-mention-text ${className}` : 'rk-mention-text'}
    >
      {segments.map((segment, i) =>
        segment.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={i}>{segment.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={i}>
            {renderMention ? (
              renderMention(segment.mention)
            ) : (
              <span
                className="rk-mention"
                title={`${segment.mention.serverId}: ${segment.mention.uri}`}
              >
                @{segment.mention.label}
              </span>
            )}
          </span>
        ),
      )}
    </span>
  )
})
