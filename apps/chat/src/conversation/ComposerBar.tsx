// The message composer: the attachments as sized chips with the total against the budget,
// the @-mention input and Send. Send warns first when an attachment's server is down (its
// resource cannot be read now); the draft stays until the person sends anyway or waits.
// The draft is saved on every change and restored on reload. Under it, the resources the
// draft is about are suggested (SuggestionBar): one key or click attaches one; nothing is
// attached without the user unless the host turned `autoInclude` on, and then each strong
// suggestion is attached once as an ordinary chip the user removes before Send.
import {
  AttachmentChips,
  ContextBudget,
  MentionComposer,
  type MentionComposerHandle,
  mentionsOf,
  type PickerSource,
  parseMentions,
  type SharedResourceSearch,
  serializeMentions,
  useResourceClient,
  useSizedAttachments,
} from '@resource-kit/react'
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import type { ChatStorage } from '../app/chatStorage.ts'
import { SuggestionBar } from './SuggestionBar.tsx'
import { type DraftSuggestion, useDraftSuggestions } from './useDraftSuggestions.ts'

export interface ComposerBarProps {
  sources: readonly PickerSource[]
  /** The search index shared by the picker and the composer. */
  search: SharedResourceSearch
  storage: ChatStorage
  onSend: (text: string) => void
  /** The composer's handle (the picker panel inserts mentions through it too). */
  composer: RefObject<MentionComposerHandle | null>
  /** The model's budget for attached context, in tokens. */
  budget: number
  serverName: (serverId: string) => string
  /** Attach strong suggestions without asking (once each per draft). @default false */
  autoInclude?: boolean
}

export function ComposerBar(props: ComposerBarProps) {
  const { sources, search, storage, onSend, composer, budget, serverName } = props
  const autoInclude = props.autoInclude ?? false
  const [draft, setDraft] = useState(() => storage.loadDraft())
  const segments = useMemo(() => parseMentions(draft), [draft])
  const mentions = useMemo(() => mentionsOf(segments), [segments])
  const sized = useSizedAttachments(mentions)
  const text = useMemo(
    () => segments.map((segment) => (segment.type === 'text' ? segment.text : ' ')).join(''),
    [segments],
  )
  const suggestions = useDraftSuggestions(useResourceClient(), text, mentions)
  const attach = (suggestion: DraftSuggestion) => {
    composer.current?.insertMention({
      serverId: suggestion.server,
      uri: suggestion.uri,
      label: suggestion.label,
    })
    composer.current?.focus()
  }
  // Automatic inclusion: each strong suggestion once per draft, so one the user removed stays out.
  const included = useRef(new Set<string>())
  if (draft.trim() === '') included.current.clear()
  useEffect(() => {
    if (!autoInclude) return
    for (const suggestion of suggestions) {
      if (included.current.has(suggestion.id)) continue
      included.current.add(suggestion.id)
      composer.current?.insertMention({
        serverId: suggestion.server,
        uri: suggestion.uri,
        label: suggestion.label,
      })
    }
  }, [autoInclude, suggestions, composer])
  // Alt+1…3 in the composer attaches that suggestion.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return
    const index = /^Digit([1-3])$/.exec(event.code)?.[1]
    const suggestion = index === undefined ? undefined : suggestions[Number(index) - 1]
    if (!suggestion) return
    event.preventDefault()
    event.stopPropagation()
    attach(suggestion)
  }
  // The draft Send was held back for (its servers down); sending it anyway is one click.
  const [held, setHeld] = useState<string | null>(null)
  const warning = held !== null && held === draft && sized.down.length > 0
  const submit = (text: string, anyway = false) => {
    if (!anyway && sized.down.length > 0) {
      setHeld(text)
      return false
    }
    setHeld(null)
    onSend(text)
    return undefined
  }
  const sendAnyway = () => {
    submit(draft, true)
    composer.current?.setValue('')
    composer.current?.focus()
  }
  return (
    <div className="chat-composer">
      <AttachmentChips
        className="chat-attachments"
        attachments={sized.attachments}
        serverName={serverName}
        onRemove={(a) => {
          const kept = parseMentions(draft).filter(
            (s) =>
              s.type === 'text' || s.mention.serverId !== a.serverId || s.mention.uri !== a.uri,
          )
          composer.current?.setValue(serializeMentions(kept))
          composer.current?.focus()
        }}
      />
      {sized.attachments.length > 0 && (
        <ContextBudget total={sized.total} complete={sized.complete} budget={budget} />
      )}
      {warning && (
        <div className="chat-send-warning" role="alert">
          <p>
            {sized.down.map((a) => `${a.label} (${serverName(a.serverId)})`).join(', ')}{' '}
            {sized.down.length === 1 ? 'is' : 'are'} on a server that is not answering: it cannot be
            read now. Send anyway (you can retry it) or wait for the server.
          </p>
          <button type="button" className="chat-button chat-button-small" onClick={sendAnyway}>
            Send anyway
          </button>
        </div>
      )}
      {!autoInclude && <SuggestionBar suggestions={suggestions} onAttach={attach} />}
      <div className="chat-composer-row" onKeyDownCapture={onKeyDownCapture}>
        <MentionComposer
          ref={composer}
          className="chat-composer-input"
          sources={sources}
          search={search}
          defaultValue={draft}
          onValueChange={(value) => {
            setDraft(value)
            storage.saveDraft(value)
          }}
          onSubmit={(_segments, text) => submit(text)}
        />
        <button
          type="button"
          className="chat-button chat-send"
          onClick={() => composer.current?.submit()}
          disabled={draft.trim() === ''}
        >
          Send
        </button>
      </div>
      <p className="chat-composer-hint" aria-hidden="true">
        <kbd>@</kbd> mention · <kbd>↑</kbd>
        <kbd>↓</kbd> choose · <kbd>Enter</kbd> insert or send · <kbd>Shift</kbd>+<kbd>Enter</kbd>{' '}
        new line · <kbd>Esc</kbd> close · <kbd>Alt</kbd>+<kbd>1</kbd> attach a suggestion
      </p>
    </div>
  )
}
