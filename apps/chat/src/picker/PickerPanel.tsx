// The side panel: the full picker (tree or list, fuzzy search, templates with their form)
// and a preview of the chosen resource, with a button that mentions it in the message.
// Choosing a folder replaces the preview too: it shows the folder, not the file before it.
// Alt+Enter on a highlighted row mentions it at once (the picker's `onMention`): beside
// the conversation focus stays in the picker, to find the next one; in a drawer the drawer
// closes and focus goes to the composer, after the chip. In the preview the same key is
// the "Mention in message" button's.
import type { ResourceDescriptor } from '@resource-kit/react'
import {
  createDirectoryLoader,
  type InputBridge,
  type MentionComposerHandle,
  Picker,
  type PickerSource,
  type SharedResourceSearch,
  useResourceClient,
} from '@resource-kit/react'
import { type RefObject, useMemo, useState } from 'react'
import { ChatPreview } from './ChatPreview.tsx'
import { type ChosenFolder, FolderPreview } from './FolderPreview.tsx'

export interface PickerPanelProps {
  sources: readonly PickerSource[]
  /** The search index shared by the picker and the composer. */
  search: SharedResourceSearch
  inputBridge: InputBridge
  composer: RefObject<MentionComposerHandle | null>
  /** The resource shown in the preview. */
  chosen: ResourceDescriptor | null
  onChoose: (descriptor: ResourceDescriptor | null) => void
  /** After "Mention in message" put the resource in the composer (a drawer closes). */
  onMentioned?: () => void
  /** The panel is a drawer over the conversation (a mention then leaves it for the composer). */
  inDrawer?: boolean
  /** Escape in the picker with nothing left to clear (a drawer closes). */
  onEscape?: () => void
}

export function PickerPanel({
  sources,
  search,
  inputBridge,
  composer,
  chosen,
  onChoose,
  onMentioned,
  onEscape,
  inDrawer = false,
}: PickerPanelProps) {
  const client = useResourceClient()
  const [folder, setFolder] = useState<ChosenFolder | null>(null)
  // Folders (`inode/directory`) are read when expanded; their children become rows.
  const loadDirectory = useMemo(() => createDirectoryLoader(client), [client])
  const [mentioned, setMentioned] = useState('')
  /** Puts `resource` in the message; `focus`: move to the composer. */
  const mentionResource = (resource: ResourceDescriptor, focus: boolean) => {
    const label = resource.title || resource.name
    composer.current?.insertMention(
      { serverId: resource.serverId, uri: resource.uri, label },
      { focus },
    )
    setMentioned(`${label} mentioned in the message`)
    onMentioned?.()
  }
  const mention = () => {
    if (chosen) mentionResource(chosen, true)
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
        search={search}
        onSelect={(selection) => {
          setFolder(null)
          onChoose(selection[0] ?? null)
        }}
        onActivate={(row) => {
          if (row.kind === 'folder') {
            setFolder({ serverId: row.serverId, label: row.label, uri: row.uri })
            onChoose(null)
          } else if (row.kind === 'directory') {
            // A folder that is a resource: its read (the listing) is its preview.
            const { uri, name, title, mimeType } = row.resource
            setFolder(null)
            onChoose({ serverId: row.serverId, uri, name, title, mimeType })
          }
        }}
        onMention={(resource) => mentionResource(resource, inDrawer)}
        onEscape={onEscape}
        aria-label="Resource picker"
      >
        <div className="rk-picker-toolbar">
          <Picker.Input />
          <Picker.ViewToggle />
        </div>
        <div className="rk-picker-toolbar">
          <Picker.AssistantToggle />
        </div>
        <p className="chat-picker-hint" aria-hidden="true">
          <kbd>Enter</kbd> preview · <kbd>Alt</kbd>+<kbd>Enter</kbd> mention in message
        </p>
        <Picker.List />
        <Picker.Empty />
        <Picker.LiveRegion />
        <Picker.TemplatePanel />
      </Picker.Root>
      <p className="chat-visually-hidden" role="status">
        {mentioned}
      </p>
      {folder ? (
        <FolderPreview folder={folder} />
      ) : chosen ? (
        <ChatPreview
          key={`${chosen.serverId}\u0000${chosen.uri}`}
          chosen={chosen}
          inputBridge={inputBridge}
          onMention={mention}
        />
      ) : (
        <p className="chat-preview-empty">Choose a resource to preview it here.</p>
      )}
    </section>
  )
}
