// A sent message's text with its mentions as chips (the library's MentionText).
import { MentionText } from '@resource-kit/react'

export function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-message-text">
      <MentionText text={text} />
    </p>
  )
}
