// The chat host: servers on the left, the conversation with the @-mention composer in the
// middle, the resource picker with a preview on the right. Narrower than 1100 px (a
// laptop, 200 % zoom) the picker is a drawer; narrower than 760 px (a phone) the servers
// are one too, each opened from the conversation's header.
import {
  type MentionComposerHandle,
  mentionsOf,
  parseMentions,
  type ResourceDescriptor,
  useResourceClient,
  useResourceSearch,
  useResourceSources,
} from '@resource-kit/react'
import { useRef, useState } from 'react'
import { useSignInCallback } from '../auth/useSignInCallback.ts'
import { ComposerBar } from '../conversation/ComposerBar.tsx'
import { MessageList } from '../conversation/MessageList.tsx'
import { useConversation } from '../conversation/useConversation.ts'
import { InputRequestPanel } from '../input/InputRequestPanel.tsx'
import { PickerPanel } from '../picker/PickerPanel.tsx'
import { ServerList } from '../servers/ServerList.tsx'
import { useChatServers } from '../servers/useChatServers.ts'
import { useNamedSources, useServerNames } from '../servers/useServerNames.ts'
import { type ChatConfig, DEFAULT_CONTEXT_BUDGET } from './chatConfig.ts'
import type { ChatStorage } from './chatStorage.ts'
import type { ChatClient } from './createChatClient.ts'
import { DrawerToggle } from './DrawerToggle.tsx'
import { startSearchWorker } from './startSearchWorker.ts'
import { useDrawers } from './useDrawers.ts'

export interface AppProps {
  config: ChatConfig
  chat: ChatClient
  storage: ChatStorage
  /** The OAuth callback URL a redirect-mode sign-in came back with. */
  signInCallback?: string
}

export function App({ config, chat, storage, signInCallback }: AppProps) {
  const client = useResourceClient()
  const servers = useChatServers(client, config.servers, storage, chat)
  // After useChatServers: its effect adds the servers the callback may belong to.
  const signInError = useSignInCallback(client, signInCallback)
  const names = useServerNames(config.servers, servers.urls)
  // Each server's list is walked in the background up to the client's page cap (1,000
  // pages), so search covers whole servers; "more available" loads past it.
  const sources = useNamedSources(useResourceSources(), names)
  // One search index for the side picker and the @ composer: each page is indexed once.
  const search = useResourceSearch(sources, { searchWorker: startSearchWorker })
  const conversation = useConversation(client, storage)
  const composer = useRef<MentionComposerHandle | null>(null)
  const [previewing, setPreviewing] = useState<ResourceDescriptor | null>(null)
  const drawers = useDrawers()
  return (
    <div className="chat-app" data-drawer={drawers.open ?? undefined}>
      <aside
        id="chat-servers"
        ref={drawers.refs.servers}
        className="chat-sidebar"
        aria-label="Servers"
        data-open={drawers.open === 'servers' ? '' : undefined}
      >
        <header className="chat-brand">
          <span className="chat-logo" aria-hidden="true">
            @
          </span>
          <div>
            <h1 className="chat-title">Resource Chat</h1>
            <p className="chat-subtitle">resource-kit demo host</p>
          </div>
          <button type="button" className="chat-drawer-close" onClick={drawers.close}>
            Close<span className="chat-visually-hidden"> servers</span>
          </button>
        </header>
        {signInError && (
          <p className="chat-field-error chat-sign-in-error" role="alert">
            Sign-in failed: {signInError}
          </p>
        )}
        <ServerList sources={sources} servers={servers} names={names} />
      </aside>
      <main className="chat-main">
        <header className="chat-main-head">
          <DrawerToggle drawers={drawers} name="servers" controls="chat-servers">
            Servers
          </DrawerToggle>
          <h2 className="chat-main-title">Conversation</h2>
          {conversation.messages.length > 0 && (
            <button
              type="button"
              className="chat-button chat-button-quiet"
              onClick={conversation.clear}
            >
              Clear history
            </button>
          )}
          <DrawerToggle drawers={drawers} name="resources" controls="chat-resources">
            Resources
          </DrawerToggle>
        </header>
        {conversation.cleared && (
          <div className="chat-undo" role="status">
            <span>
              History cleared ({conversation.cleared.length} message
              {conversation.cleared.length === 1 ? '' : 's'}).
            </span>
            <button
              type="button"
              className="chat-button chat-button-small"
              onClick={conversation.undoClear}
            >
              Undo
            </button>
            <button
              type="button"
              className="chat-button chat-button-small chat-button-quiet"
              onClick={conversation.dismissUndo}
              aria-label="Dismiss"
            >
              ×
            </button>
          </div>
        )}
        <div className="chat-scroll">
          <MessageList
            messages={conversation.messages}
            inputBridge={chat.inputBridge}
            previewing={previewing}
            onRetry={(id) => void conversation.retry(id)}
          />
        </div>
        <InputRequestPanel
          inputBridge={chat.inputBridge}
          previewing={previewing}
          serverName={(id) => names.get(id) ?? id}
          asks={(serverId, uri) => {
            const same = (x: { serverId: string; uri: string }) =>
              x.serverId === serverId && x.uri === uri
            const reading = conversation.messages.some(
              (m) => m.status === 'reading' && mentionsOf(parseMentions(m.text)).some(same),
            )
            // A chip sizing its attachment before Send asks nothing until a send needs it;
            // any other read (the side template form, a folder) asks at once.
            const draft = mentionsOf(parseMentions(composer.current?.getValue() ?? ''))
            return reading || !draft.some(same)
          }}
          returnFocus={() => composer.current?.focus()}
        />
        <ComposerBar
          sources={sources}
          search={search}
          storage={storage}
          composer={composer}
          onSend={(text) => void conversation.send(text)}
          budget={config.contextBudget ?? DEFAULT_CONTEXT_BUDGET}
          serverName={(id) => names.get(id) ?? id}
          autoInclude={config.autoInclude === true}
        />
      </main>
      <aside
        id="chat-resources"
        ref={drawers.refs.resources}
        className="chat-side"
        aria-label="Resource picker and preview"
        data-open={drawers.open === 'resources' ? '' : undefined}
      >
        <button type="button" className="chat-drawer-close" onClick={drawers.close}>
          Close<span className="chat-visually-hidden"> resources</span>
        </button>
        <PickerPanel
          sources={sources}
          search={search}
          inputBridge={chat.inputBridge}
          composer={composer}
          chosen={previewing}
          onChoose={setPreviewing}
          onMentioned={drawers.close}
          onEscape={drawers.close}
          inDrawer={drawers.open === 'resources'}
        />
      </aside>
      {drawers.open && (
        // A click beside an open drawer closes it (the buttons do the same for keyboards).
        <div className="chat-scrim" aria-hidden="true" onClick={drawers.close} />
      )}
    </div>
  )
}
