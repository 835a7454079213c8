// One sent message: the text with chips, then what the model would receive from each
// mentioned resource. Its attachments stay watched: a change after sending is marked.
import {
  attachmentKey,
  type InputBridge,
  mentionsOf,
  parseMentions,
  type ResourceDescriptor,
  useInputRequests,
  useMentionAttachments,
} from '@resource-kit/react'
import { useMemo } from 'react'
import { ContextCard } from './ContextCard.tsx'
import type { ChatMessage } from './chatMessage.ts'
import { MessageText } from './MessageText.tsx'
import { modelInput } from './modelContext.ts'
import { type ReadingState, readingState } from './readingState.ts'

export interface MessageViewProps {
  message: ChatMessage
  /** Where the reads' input requests wait: a read that waits for one says so. */
  inputBridge: InputBridge
  /** The resource in the preview (its input form shows there). */
  previewing: ResourceDescriptor | null
}

function ModelInputTitle({ state }: { state: ReadingState }) {
  if (state.kind === 'waiting') {
    return (
      <>
        <h3 className="chat-model-input-title" data-waiting="">
          Waiting for you
        </h3>
        <p className="chat-model-input-hint">
          Answer the request {state.where === 'preview' ? 'in the preview' : 'below'} to read{' '}
          {state.mention.label}.
        </p>
      </>
    )
  }
  return (
    <h3 className="chat-model-input-title">
      {state.kind === 'reading'
        ? 'Reading the attached resources…'
        : `What the model receives · ${state.count} resource${state.count === 1 ? '' : 's'}`}
    </h3>
  )
}

export function MessageView({ message, inputBridge, previewing }: MessageViewProps) {
  const segments = useMemo(() => parseMentions(message.text), [message.text])
  const mentions = useMemo(() => mentionsOf(segments), [segments])
  const { attachments } = useMentionAttachments(mentions)
  const pending = useInputRequests(inputBridge)
  const state = readingState(message, mentions, pending, previewing)
  const updated = new Set(attachments.filter((a) => a.updated).map((a) => a.key))
  const time = new Date(message.sentAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  })
  return (
    <li className="chat-message" data-status={message.status}>
      <div className="chat-message-bubble">
        <div className="chat-message-meta">
          <span className="chat-message-author">You</span>
          <time dateTime={new Date(message.sentAt).toISOString()}>{time}</time>
        </div>
        <MessageText text={message.text} />
      </div>
      {mentions.length > 0 && (
        <section className="chat-model-input" aria-label="What the model receives">
          <ModelInputTitle state={state} />
          {message.context.map((item) => (
            <ContextCard
              key={attachmentKey(item)}
              item={item}
              updated={updated.has(attachmentKey(item))}
            />
          ))}
          {message.status === 'ready' && (
            <details className="chat-prompt">
              <summary>Full model input</summary>
              {/* A scroll area: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable
                tabIndex={0}
              >
                {modelInput(segments, message.context)}
              </pre>
            </details>
          )}
        </section>
      )}
    </li>
  )
}
