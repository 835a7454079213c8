// The side panel: the full picker (tree or list, fuzzy search, templates with their form)
// and a preview of the chosen resource, with a button that mentions it in the message.
import type { ResourceDescriptor } from '@resource-kit/react'
import {
  createDirectoryLoader,
  type InputBridge,
  type MentionComposerHandle,
  Picker,
  type PickerSource,
  ReadPreview,
  useResourceClient,
} from '@resource-kit/react'
import { type RefObject, useMemo } from 'react'

export interface PickerPanelProps {
  sources: readonly PickerSource[]
  inputBridge: InputBridge
  composer: RefObject<MentionComposerHandle | null>
  /** The resource shown in the preview. */
  chosen: ResourceDescriptor | null
  onChoose: (descriptor: ResourceDescriptor | null) => void
}

export function PickerPanel({
  sources,
  inputBridge,
  composer,
  chosen,
  onChoose,
}: PickerPanelProps) {
  const client = useResourceClient()
  // Folders (`inode/directory`) are read when expanded; their children become rows.
  const loadDirectory = useMemo(() => createDirectoryLoader(client), [client])
  const mention = () => {
    if (!chosen) return
    composer.current?.insertMention({
      serverId: chosen.serverId,
      uri: chosen.uri,
      label: chosen.title || chosen.name,
    })
  }
  return (
    <section className="chat-panel" aria-labelledby="picker-heading">
      <h2 id="picker-heading" className="chat-section-title">
        Resources
      </h2>
      <Picker.Root
        className="chat-picker"
        sources={sources}
        loadDirectory={loadDirectory}
        onSelect={(selection) => onChoose(selection[0] ?? null)}
        aria-label="Resource picker"
      >
        <div className="rk-picker-toolbar">
          <Picker.Input />
          <Picker.ViewToggle />
        </div>
        <div className="rk-picker-toolbar">
          <Picker.AssistantToggle />
        </div>
        <Picker.List />
        <Picker.Empty />
        <Picker.LiveRegion />
        <Picker.TemplatePanel />
      </Picker.Root>
      {chosen ? (
        <div className="chat-preview">
          <div className="chat-preview-head">
            <div className="chat-preview-title">
              <strong>{chosen.title || chosen.name}</strong>
              <span className="chat-preview-uri">{chosen.uri}</span>
            </div>
            <button type="button" className="chat-button" onClick={mention}>
              Mention in message
            </button>
          </div>
          <ReadPreview
            key={`${chosen.serverId}\u0000${chosen.uri}`}
            serverId={chosen.serverId}
            uri={chosen.uri}
            inputBridge={inputBridge}
            maxBytes={5 * 1024 * 1024}
          />
        </div>
      ) : (
        <p className="chat-preview-empty">Choose a resource to preview it here.</p>
      )}
    </section>
  )
}
