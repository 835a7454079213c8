// The search feature's public surface (re-exported by the package's src/index.ts): what a
// page needs before any index exists (lazy.ts), and the index itself.

export * from './lazy.ts'
export { createResourceSearch } from './resourceSearch.ts'
export type { RemoteHit, SearchHostApi } from './searchHost.ts'
export { exposeResourceSearch } from './searchHost.ts'
export type { ResourceSearch, ResourceSearchOptions } from './types.ts'
