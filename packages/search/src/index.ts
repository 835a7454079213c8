// The search feature's public surface (re-exported by the package's src/index.ts).

export type { HighlightSegment } from './highlight.ts'
export { highlightRanges } from './highlight.ts'
export type { InputQuiet, InputQuietOptions } from './inputQuiet.ts'
export { createInputQuiet, sharedInputQuiet } from './inputQuiet.ts'
export { createResourceSearch } from './resourceSearch.ts'
export type { RemoteHit, SearchHostApi } from './searchHost.ts'
export { exposeResourceSearch } from './searchHost.ts'
export type { TimeSlicer, TimeSlicerOptions, TimeSlicingEnvironment } from './timeSlicing.ts'
export { createTimeSlicer } from './timeSlicing.ts'
export type {
  ResourceSearch,
  ResourceSearchOptions,
  SearchableItem,
  SearchHit,
  SearchKey,
  SearchMatch,
  SearchOptions,
} from './types.ts'
export type {
  AsyncResourceSearch,
  AsyncSearchOptions,
  WorkerSearchOptions,
} from './workerSearch.ts'
export { createWorkerSearch } from './workerSearch.ts'
