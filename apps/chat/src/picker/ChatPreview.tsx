// The preview of the resource chosen in the picker: its name and URI (with Copy), a
// button that mentions it in the message, and its contents, which follow the server's
// updates (the watch invalidates the read, so the open preview refetches) with a note
// saying when it last changed.
import {
  type InputBridge,
  ReadPreview,
  type ResourceDescriptor,
  useWatch,
} from '@resource-kit/react'
import { useState } from 'react'

export interface ChatPreviewProps {
  chosen: ResourceDescriptor
  inputBridge: InputBridge
  onMention: () => void
}

export function ChatPreview({ chosen, inputBridge, onMention }: ChatPreviewProps) {
  const [updates, setUpdates] = useState(0)
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  const watch = useWatch(
    chosen.serverId,
    { uris: [chosen.uri] },
    {
      onEvent: (event) => {
        if (event.type === 'updated' || event.type === 'resynced') setUpdates((n) => n + 1)
      },
    },
  )
  const copy = () => {
    const done = (result: 'copied' | 'failed') => setCopied(result)
    if (!navigator.clipboard) return done('failed')
    navigator.clipboard.writeText(chosen.uri).then(
      () => done('copied'),
      () => done('failed'),
    )
  }
  const label = chosen.title || chosen.name
  return (
    <section
      className="chat-preview"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area a keyboard must reach
      tabIndex={0}
      aria-label={`Preview of ${label}`}
      data-updates={updates}
    >
      <div className="chat-preview-head">
        <div className="chat-preview-title">
          <strong>{label}</strong>
          <span className="chat-preview-uri" title={chosen.uri}>
            {chosen.uri}
          </span>
        </div>
        <button type="button" className="chat-button" onClick={onMention}>
          Mention in message
        </button>
      </div>
      <div className="chat-preview-tools">
        <button
          type="button"
          className="chat-button chat-button-small chat-button-quiet"
          onClick={copy}
        >
          Copy URI
        </button>
        <span className="chat-preview-note" role="status">
          {copied === 'copied' ? 'URI copied' : copied === 'failed' ? 'Could not copy' : ''}
        </span>
        {watch?.status === 'live' && (
          <span className="chat-preview-live" data-updates={updates}>
            {updates === 0
              ? 'Live'
              : `Live · updated ${updates === 1 ? 'once' : `${updates} times`}`}
          </span>
        )}
      </div>
      <ReadPreview
        serverId={chosen.serverId}
        uri={chosen.uri}
        inputBridge={inputBridge}
        maxBytes={5 * 1024 * 1024}
      />
    </section>
  )
}
