// One sent message: the text with chips, then what the model would receive from each
// mentioned resource (the library's model-input cards). Its attachments stay watched: a
// change after sending is marked. An unsent message (a server was down) has Retry.
import {
  attachmentKey,
  type InputBridge,
  ModelInputPreview,
  mentionsOf,
  modelInputSummary,
  modelInputText,
  parseMentions,
  type ResourceDescriptor,
  useInputRequests,
  useMentionAttachments,
} from '@resource-kit/react'
import { useMemo } from 'react'
import type { ChatMessage } from './chatMessage.ts'
import { MessageText } from './MessageText.tsx'
import { type ReadingState, readingState } from './readingState.ts'

export interface MessageViewProps {
  message: ChatMessage
  /** Where the reads' input requests wait: a read that waits for one says so. */
  inputBridge: InputBridge
  /** The resource in the preview (its input form shows there). */
  previewing: ResourceDescriptor | null
  onRetry: (id: string) => void
}

function ModelInputTitle({ state, message }: { state: ReadingState; message: ChatMessage }) {
  if (state.kind === 'waiting') {
    return (
      <>
        <h3 className="rk-model-input-title" data-waiting="">
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
    <h3 className="rk-model-input-title">
      {state.kind === 'reading'
        ? 'Reading the attached resources…'
        : message.status === 'unsent'
          ? `Not sent: a server did not answer · ${modelInputSummary(message.context)}`
          : `What the model receives · ${modelInputSummary(message.context)}`}
    </h3>
  )
}

export function MessageView({ message, inputBridge, previewing, onRetry }: MessageViewProps) {
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
        <ModelInputPreview
          className="chat-model-input"
          items={message.context}
          title={<ModelInputTitle state={state} message={message} />}
          changeOf={(item) => (updated.has(attachmentKey(item)) ? 'updated' : undefined)}
          fullText={
            message.status === 'ready' ? modelInputText(segments, message.context) : undefined
          }
        >
          {message.status === 'unsent' && (
            <button
              type="button"
              className="chat-button chat-button-small chat-retry"
              onClick={() => onRetry(message.id)}
            >
              Retry sending
            </button>
          )}
        </ModelInputPreview>
      )}
    </li>
  )
}
