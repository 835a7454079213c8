// The shared types' public surface: what every feature produces or consumes.

export type { ResourceCount } from './resourceCount.ts'
export { countResources, isSourceBusy, resourceCountText } from './resourceCount.ts'
export type { ItemsChange, SourceChange, SourceChanges } from './sourceChanges.ts'
export { isSourceDown } from './sourceDown.ts'
export type { PickerSource, ResourceDescriptor, SourceStatus } from './sourceTypes.ts'
