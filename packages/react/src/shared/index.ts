// The shared types' public surface: what every feature produces or consumes.

export type { PickerSource, ResourceDescriptor, SourceStatus } from './sourceTypes.ts'
