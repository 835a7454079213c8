// The chat host: servers on the left, the conversation with the @-mention composer in the
// middle, the resource picker with a preview on the right.
import {
  type MentionComposerHandle,
  type ResourceDescriptor,
  useResourceClient,
  useResourceSources,
} from '@resource-kit/react'
import { useMemo, useRef, useState } from 'react'
import { ComposerBar } from '../conversation/ComposerBar.tsx'
import { MessageList } from '../conversation/MessageList.tsx'
import { useConversation } from '../conversation/useConversation.ts'
import { InputRequestPanel } from '../input/InputRequestPanel.tsx'
import { PickerPanel } from '../picker/PickerPanel.tsx'
import { ServerList } from '../servers/ServerList.tsx'
import { useChatServers } from '../servers/useChatServers.ts'
import type { ChatConfig } from './chatConfig.ts'
import type { ChatStorage } from './chatStorage.ts'
import type { ChatClient } from './createChatClient.ts'

export interface AppProps {
  config: ChatConfig
  chat: ChatClient
  storage: ChatStorage
}

export function App({ config, chat, storage }: AppProps) {
  const client = useResourceClient()
  const servers = useChatServers(client, config.servers, storage)
  // Load up to 20,000 resources per server before showing "more available".
  const sources = useResourceSources({ batchSize: 20_000 })
  const conversation = useConversation(client, storage)
  const composer = useRef<MentionComposerHandle | null>(null)
  const names = useMemo(
    () => new Map(config.servers.flatMap((s) => (s.name ? [[s.id, s.name] as const] : []))),
    [config.servers],
  )
  const [previewing, setPreviewing] = useState<ResourceDescriptor | null>(null)
  return (
    <div className="chat-app">
      <aside className="chat-sidebar" aria-label="Servers">
        <header className="chat-brand">
          <span className="chat-logo" aria-hidden="true">
            @
          </span>
          <div>
            <h1 className="chat-title">Resource Chat</h1>
            <p className="chat-subtitle">resource-kit demo host</p>
          </div>
        </header>
        <ServerList sources={sources} servers={servers} names={names} />
      </aside>
      <main className="chat-main">
        <header className="chat-main-head">
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
        </header>
        <div className="chat-scroll">
          <MessageList messages={conversation.messages} />
        </div>
        <InputRequestPanel
          inputBridge={chat.inputBridge}
          previewing={previewing}
          serverName={(id) => {
            const info = client.getServer(id)?.serverInfo
            return info?.title ?? names.get(id) ?? info?.name ?? id
          }}
        />
        <ComposerBar
          sources={sources}
          storage={storage}
          composer={composer}
          onSend={(segments, text) => void conversation.send(segments, text)}
        />
      </main>
      <aside className="chat-side" aria-label="Resource picker and preview">
        <PickerPanel
          sources={sources}
          inputBridge={chat.inputBridge}
          composer={composer}
          chosen={previewing}
          onChoose={setPreviewing}
        />
      </aside>
    </div>
  )
}
