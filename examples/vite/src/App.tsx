// The chat demo's experience from the library's parts: the servers with their state and
// sign-in, the picker beside a composer (Alt+Enter on a row mentions it), sized chips with
// the total against a budget, and what the model receives for each sent message.
import {
  AttachmentChips,
  ContextBudget,
  contextItemsOf,
  MentionComposer,
  type MentionComposerHandle,
  MentionText,
  type ModelContextItem,
  ModelInputPreview,
  mentionsOf,
  modelInputSummary,
  parseMentions,
  type ResourceDescriptor,
  ResourcePicker,
  readMentions,
  ServerStatusList,
  serializeMentions,
  useResourceClient,
  useResourceSources,
  useSizedAttachments,
} from '@resource-kit/react'
import { useMemo, useRef, useState } from 'react'

/** Tokens of attached context the composer measures against. */
const BUDGET = 32_000

const mentionOf = (r: ResourceDescriptor) => ({
  serverId: r.serverId,
  uri: r.uri,
  label: r.title ?? r.name,
})

interface Message {
  id: number
  text: string
  context: ModelContextItem[] | null
}

export function App() {
  const client = useResourceClient()
  const sources = useResourceSources()
  const composer = useRef<MentionComposerHandle>(null)
  const [draft, setDraft] = useState('')
  const [messages, setMessages] = useState<Message[]>([])
  const mentions = useMemo(() => mentionsOf(parseMentions(draft)), [draft])
  const sized = useSizedAttachments(mentions)

  const send = (text: string) => {
    // Send warns (keeps the draft) while an attachment's server is down.
    if (sized.down.length > 0) return false
    const id = Date.now()
    setMessages((list) => [...list, { id, text, context: null }])
    void readMentions(client, mentionsOf(parseMentions(text))).then((reads) => {
      const context = contextItemsOf(reads)
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, context } : m)))
    })
    return undefined
  }
  const remove = (uri: string) => {
    const kept = parseMentions(draft).filter((s) => s.type === 'text' || s.mention.uri !== uri)
    composer.current?.setValue(serializeMentions(kept))
  }

  return (
    <div className="app">
      <ServerStatusList className="servers" sources={sources} />
      <section className="picker" aria-label="Resources">
        <ResourcePicker
          onSelect={([r]) => r && composer.current?.insertMention(mentionOf(r))}
          onMention={(r) => composer.current?.insertMention(mentionOf(r), { focus: false })}
        />
      </section>
      <main className="conversation">
        <ol className="messages" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className="message">
              <p>
                <MentionText text={m.text} />
              </p>
              <ModelInputPreview
                items={m.context ?? []}
                title={
                  <h3>{m.context ? modelInputSummary(m.context) : 'Reading the resources…'}</h3>
                }
              />
            </li>
          ))}
        </ol>
        <AttachmentChips attachments={sized.attachments} onRemove={(a) => remove(a.uri)} />
        {sized.attachments.length > 0 && (
          <ContextBudget total={sized.total} complete={sized.complete} budget={BUDGET} />
        )}
        {sized.down.length > 0 && (
          <p role="alert">A mentioned resource's server is not answering: wait, or remove it.</p>
        )}
        <MentionComposer
          ref={composer}
          sources={sources}
          onValueChange={setDraft}
          onSubmit={(_segments, text) => send(text)}
        />
      </main>
    </div>
  )
}
