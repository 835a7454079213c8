// The message composer: attachments, the @-mention input and the Send button. The draft
// is saved on every change and restored on reload.
import {
  MentionComposer,
  type MentionComposerHandle,
  type MentionSegment,
  mentionsOf,
  type PickerSource,
  parseMentions,
  type SharedResourceSearch,
  serializeMentions,
  useMentionAttachments,
} from '@resource-kit/react'
import { type RefObject, useMemo, useState } from 'react'
import type { ChatStorage } from '../app/chatStorage.ts'
import { AttachmentBar } from './AttachmentBar.tsx'

export interface ComposerBarProps {
  sources: readonly PickerSource[]
  /** The search index shared by the picker and the composer. */
  search: SharedResourceSearch
  storage: ChatStorage
  onSend: (segments: readonly MentionSegment[], text: string) => void
  /** The composer's handle (the picker panel inserts mentions through it too). */
  composer: RefObject<MentionComposerHandle | null>
}

export function ComposerBar({ sources, search, storage, onSend, composer }: ComposerBarProps) {
  const [draft, setDraft] = useState(() => storage.loadDraft())
  const mentions = useMemo(() => mentionsOf(parseMentions(draft)), [draft])
  const { attachments } = useMentionAttachments(mentions)
  return (
    <div className="chat-composer">
      <AttachmentBar
        attachments={attachments}
        onRemove={(a) => {
          const kept = parseMentions(draft).filter(
            (s) =>
              s.type === 'text' || s.mention.serverId !== a.serverId || s.mention.uri !== a.uri,
          )
          composer.current?.setValue(serializeMentions(kept))
          composer.current?.focus()
        }}
      />
      <div className="chat-composer-row">
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
          onSubmit={(segments, text) => onSend(segments, text)}
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
        new line · <kbd>Esc</kbd> close
      </p>
    </div>
  )
}
