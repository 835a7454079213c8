import { describe, expect, it } from 'vitest'
import { parseChatConfig } from '../app/chatConfig.ts'
import { createChatStorage } from '../app/chatStorage.ts'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  }
}

describe('chatStorage', () => {
  it('keeps the draft, the messages and the added servers', () => {
    const storage = createChatStorage(memoryStorage())
    storage.saveDraft('hi @[a](mcp://demo/x)')
    storage.saveMessages([{ id: '1', text: 'hello', sentAt: 1, status: 'ready', context: [] }])
    storage.saveServers([{ id: 'gh', url: 'https://example.com/mcp' }])
    expect(storage.loadDraft()).toBe('hi @[a](mcp://demo/x)')
    expect(storage.loadMessages()).toEqual([
      { id: '1', text: 'hello', sentAt: 1, status: 'ready', context: [] },
    ])
    expect(storage.loadServers()).toEqual([{ id: 'gh', url: 'https://example.com/mcp' }])
  })

  it('drops what is malformed instead of crashing on it', () => {
    const raw = memoryStorage()
    raw.setItem('resource-kit-chat:v1:draft', '{not json')
    raw.setItem(
      'resource-kit-chat:v1:messages',
      JSON.stringify([
        { id: 1 },
        { id: 'ok', text: 't', sentAt: 2, status: 'ready', context: [{ bad: true }] },
      ]),
    )
    raw.setItem(
      'resource-kit-chat:v1:servers',
      JSON.stringify([null, { id: 'x' }, { id: 'y', url: 'http://y/mcp' }]),
    )
    const storage = createChatStorage(raw)
    expect(storage.loadDraft()).toBe('')
    expect(storage.loadMessages()).toEqual([])
    expect(storage.loadServers()).toEqual([{ id: 'y', url: 'http://y/mcp' }])
  })

  it('works without storage at all', () => {
    const storage = createChatStorage(undefined)
    storage.saveDraft('x')
    expect(storage.loadDraft()).toBe('')
  })
})

describe('parseChatConfig', () => {
  it('keeps well-formed http(s) servers only, and falls back to the local demo', () => {
    expect(
      parseChatConfig({
        servers: [
          { id: 'demo', url: 'http://127.0.0.1:3333/mcp', name: 'Demo' },
          { id: 'bad', url: 'javascript:alert(1)' },
          { url: 'http://x' },
        ],
      }),
    ).toEqual({
      mode: 'direct',
      servers: [{ id: 'demo', url: 'http://127.0.0.1:3333/mcp', name: 'Demo' }],
    })
    expect(parseChatConfig('nope').servers[0]?.url).toBe('http://127.0.0.1:3333/mcp')
  })

  const withBridge = {
    servers: [{ id: 'demo', url: 'http://127.0.0.1:3333/mcp', name: 'Demo' }],
    bridge: {
      url: '/bridge',
      servers: [
        { id: 'demo', name: 'Demo', location: 'http://127.0.0.1:3333/mcp' },
        { id: 'everything', name: 'Everything', location: 'stdio: server-everything' },
        { name: 'no id' },
      ],
    },
  }

  it('goes through the bridge when there is one: its WebSocket on the page’s origin', () => {
    expect(parseChatConfig(withBridge, 'https://chat.example/app?x=1')).toEqual({
      mode: 'bridge',
      bridgeUrl: 'wss://chat.example/bridge',
      servers: [
        { id: 'demo', name: 'Demo', url: 'http://127.0.0.1:3333/mcp' },
        { id: 'everything', name: 'Everything', url: 'stdio: server-everything' },
      ],
    })
    expect(parseChatConfig(withBridge, 'http://127.0.0.1:5173/').bridgeUrl).toBe(
      'ws://127.0.0.1:5173/bridge',
    )
  })

  it('connects directly when asked (?mode=direct) or when the bridge URL is not a WebSocket', () => {
    expect(parseChatConfig(withBridge, 'http://127.0.0.1:5173/', 'direct')).toEqual({
      mode: 'direct',
      servers: withBridge.servers,
    })
    const notWs = { ...withBridge, bridge: { ...withBridge.bridge, url: 'javascript:alert(1)' } }
    expect(parseChatConfig(notWs, 'http://127.0.0.1:5173/').mode).toBe('direct')
  })

  it('turns automatic inclusion on only when the host says "include": "auto"', () => {
    const servers = [{ id: 'demo', url: 'http://127.0.0.1:3333/mcp' }]
    expect(parseChatConfig({ servers, include: 'auto' })).toEqual({
      mode: 'direct',
      servers,
      autoInclude: true,
    })
    expect(parseChatConfig({ servers, include: true })).toEqual({ mode: 'direct', servers })
    expect(parseChatConfig({ servers })).toEqual({ mode: 'direct', servers })
  })
})
