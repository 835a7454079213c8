// A sent message's text with its mentions as chips (rendered as text, never as HTML).
import { type MentionSegment, parseMentions } from '@resource-kit/react'

export function MessageText({ text }: { text: string }) {
  const segments: MentionSegment[] = parseMentions(text)
  return (
    <p className="chat-message-text">
      {segments.map((s, i) =>
        s.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={i}>{s.text}</span>
        ) : (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
            key={i}
            className="rk-mention"
            title={`${s.mention.serverId}: ${s.mention.uri}`}
          >
            @{s.mention.label}
          </span>
        ),
      )}
    </p>
  )
}
