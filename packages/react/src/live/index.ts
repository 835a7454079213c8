// The live feature's public surface: one watch per server and one change state per resource.

export { useLiveResources } from './LiveResourcesContext.ts'
export type { Follow, FollowTarget, LiveStatus, ResourceChange } from './liveResources.ts'
export { LiveResources } from './liveResources.ts'
export type { ResourceChangeState, UseResourceChangeOptions } from './useResourceChange.ts'
export { useResourceChange } from './useResourceChange.ts'
