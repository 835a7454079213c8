// The servers feature's public surface: one word per server state, and the server list part.

export type { ServerStatusItemProps, ServerStatusListProps } from './ServerStatusList.tsx'
export { ServerStatusItem, ServerStatusList } from './ServerStatusList.tsx'
export type { ServerState } from './serverState.ts'
export { isServerDown, SERVER_STATE_TEXT, serverStateOf } from './serverState.ts'
export { useServerState, useServerStates } from './useServerState.ts'
