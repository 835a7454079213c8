// The queries feature's public surface: the provider, server status, sources, watches and
// the query-option factories.

export { createDirectoryLoader } from './directoryLoader.ts'
export type { CompletionOptionsInput, TemplateList } from './queryOptions.ts'
export {
  completionOptions,
  readOptions,
  templateListOptions,
} from './queryOptions.ts'
export type { ResourceKitProviderProps } from './ResourceKitProvider.tsx'
export { ResourceKitProvider, useResourceClient } from './ResourceKitProvider.tsx'
export type { SourcesTrackerOptions, WatchedResource } from './sourcesTracker.ts'
export type { UseResourceSourcesOptions } from './useResourceSources.ts'
export { useResourceSources } from './useResourceSources.ts'
export { useServerStatus, useServers } from './useServers.ts'
export type { UseWatchOptions } from './useWatch.ts'
export { useWatch } from './useWatch.ts'
