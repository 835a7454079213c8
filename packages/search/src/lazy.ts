// `@resource-kit/search/lazy`: what a page needs before any index exists. The index itself
// (every stage and fuse.js) and comlink are only imported dynamically from here
// (workerSearch.ts), so a bundler puts them in a chunk loaded with the first list, not in
// the page's first script. The main entry exports the same functions, and the index too.

export type { HighlightSegment } from './highlight.ts'
export { highlightRanges } from './highlight.ts'
export type { InputQuiet, InputQuietOptions } from './inputQuiet.ts'
export { createInputQuiet, sharedInputQuiet } from './inputQuiet.ts'
export type { TimeSlicer, TimeSlicerOptions, TimeSlicingEnvironment } from './timeSlicing.ts'
export { createTimeSlicer } from './timeSlicing.ts'
export type {
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
