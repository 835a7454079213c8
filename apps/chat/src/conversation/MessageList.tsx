// The conversation so far, newest at the bottom, scrolled to the end on each new message.
import type { InputBridge, ResourceDescriptor } from '@resource-kit/react'
import { useEffect, useRef } from 'react'
import type { ChatMessage } from './chatMessage.ts'
import { MessageView } from './MessageView.tsx'

export interface MessageListProps {
  messages: readonly ChatMessage[]
  inputBridge: InputBridge
  /** The resource in the preview (its input form shows there). */
  previewing: ResourceDescriptor | null
  onRetry: (id: string) => void
}

export function MessageList({ messages, inputBridge, previewing, onRetry }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)
  useEffect(() => {
    if (last) end.current?.scrollIntoView({ block: 'end' })
  }, [last])
  if (messages.length === 0) {
    return (
      <div className="chat-empty">
        <h2>Ask about your workspace</h2>
        <p>
          Type <kbd>@</kbd> to mention a resource from a server, or <kbd>@demo:</kbd> to search one
          server. Templates ask for their values right inside the mention.
        </p>
        <p>
          Mentioned resources are read when you send: this demo shows what a model would receive.
        </p>
      </div>
    )
  }
  return (
    <>
      <ol className="chat-messages" aria-label="Messages">
        {messages.map((m) => (
          <MessageView
            key={m.id}
            message={m}
            inputBridge={inputBridge}
            previewing={previewing}
            onRetry={onRetry}
          />
        ))}
      </ol>
      <div ref={end} />
    </>
  )
}
