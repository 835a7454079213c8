// The preview of the resource chosen in the picker: its name and URI (with Copy), a
// button that mentions it in the message, and its contents, which follow the server's
// updates (the client invalidates the read, so the open preview refetches). Its state is
// the resource's one change mark (the row beside it and its chips show the same): "Live ·
// updated" after a change, "Removed" — no Live badge, no mention — once the server no
// longer has it.
import {
  type InputBridge,
  ReadPreview,
  type ResourceDescriptor,
  useResourceChange,
} from '@resource-kit/react'
import { useState } from 'react'

export interface ChatPreviewProps {
  chosen: ResourceDescriptor
  inputBridge: InputBridge
  onMention: () => void
}

export function ChatPreview({ chosen, inputBridge, onMention }: ChatPreviewProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  const { change, live } = useResourceChange(chosen.serverId, chosen.uri, { follow: true })
  const removed = change === 'removed'
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
      data-change={change}
      onKeyDown={(e) => {
        // The button's shortcut, from anywhere in the preview (the picker's key too).
        if (e.key !== 'Enter' || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
        if (removed || e.nativeEvent.isComposing) return
        // A field of an input request in the preview keeps its keys.
        if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable]')) return
        e.preventDefault()
        onMention()
      }}
    >
      <div className="chat-preview-head">
        <div className="chat-preview-title">
          <strong>{label}</strong>
          <span className="chat-preview-uri" title={chosen.uri}>
            {chosen.uri}
          </span>
        </div>
        <button
          type="button"
          className="chat-button"
          onClick={onMention}
          disabled={removed}
          aria-keyshortcuts="Alt+Enter"
          title={
            removed ? 'The server no longer has this resource' : 'Mention in message (Alt+Enter)'
          }
        >
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
        {removed ? (
          <span className="chat-preview-removed">Removed from the server</span>
        ) : (
          live === 'live' && (
            <span className="chat-preview-live" data-change={change}>
              {change === 'updated' ? 'Live · updated' : 'Live'}
            </span>
          )
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
