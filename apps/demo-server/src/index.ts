// Browser-safe entry: nothing here (or below) imports node:* or touches `process`.
// The node:http server and real stdio live in `@resource-kit/demo-server/node`.

export type { Catalog } from './catalog.ts'
export { createCatalog } from './catalog.ts'
export type { DemoContent, DemoContentOptions, DemoEntry } from './content/createDemoContent.ts'
export {
  compareUris,
  createDemoContent,
  defaultCount,
  logTailUri,
  minimumCount,
} from './content/createDemoContent.ts'
export type { Database, DbColumn, DbTable } from './content/database.ts'
export { confirmedSchema, tableJson, twiceConfirmedTable } from './content/database.ts'
export type {
  Workspace,
  WorkspaceEntry,
  WorkspaceFile,
  WorkspaceFolder,
} from './content/generateWorkspace.ts'
export { workspaceRoot } from './content/generateWorkspace.ts'
export type { Ticket, TicketBoard } from './content/tickets.ts'
export { defaultCorsOrigins } from './cors.ts'
export type { DemoFetchHandler, DemoFetchHandlerOptions } from './createDemoFetchHandler.ts'
export { createDemoFetchHandler } from './createDemoFetchHandler.ts'
export type { DemoServer, DemoServerOptions } from './createDemoServer.ts'
export { createDemoServer } from './createDemoServer.ts'
export type { LiveData, LiveDataClock, LiveDataOptions, LiveEvent } from './liveData.ts'
export type { DemoConnection } from './serveDemoTransport.ts'
export { serveDemoTransport } from './serveDemoTransport.ts'
