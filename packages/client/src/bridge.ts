// `@resource-kit/client/bridge`: the picker wherever the MCP connections live. The backend
// serves its ResourceClient over a channel (serveBridge); the page gets a ResourceClient from
// connectBridge that ships no SDK, no zod and no OAuth code. See bridge/ARCHITECTURE notes in
// ARCHITECTURE.md ("Bridge").
export type { BridgeBackend } from './bridge/bridgeBackend.ts'
export { createBridgeBackend } from './bridge/bridgeBackend.ts'
export type { BridgeChannel } from './bridge/channel.ts'
export { inProcessChannelPair } from './bridge/channel.ts'
export type { BridgeChannelSource, ConnectBridgeOptions } from './bridge/connectBridge.ts'
export { connectBridge } from './bridge/connectBridge.ts'
export type { PostMessageTarget } from './bridge/messagePortChannel.ts'
export { messagePortChannel } from './bridge/messagePortChannel.ts'
export type { BridgeLimits } from './bridge/protocol.ts'
export { DEFAULT_BRIDGE_LIMITS } from './bridge/protocol.ts'
export type { BridgeConnection, ServeBridgeOptions } from './bridge/serveBridge.ts'
export { serveBridge } from './bridge/serveBridge.ts'
export type { WebSocketLike } from './bridge/webSocketChannel.ts'
export { webSocketChannel } from './bridge/webSocketChannel.ts'
