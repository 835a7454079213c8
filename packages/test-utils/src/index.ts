export type { FixtureContents, FixtureResource } from './fixtureData.ts'
export {
  generateResources,
  OWNERS,
  PIXEL_PNG_BASE64,
  REPOS,
  SPECIAL_RESOURCES,
  TEMPLATES,
} from './fixtureData.ts'
export { createFixtureMcpServer, INPUT_URIS } from './fixtureMcpServer.ts'
export type { FixtureServer } from './fixtureServer.ts'
export { createFixtureServer } from './fixtureServer.ts'
export type { FixtureOptions } from './fixtureWorld.ts'
export { FixtureWorld } from './fixtureWorld.ts'
export {
  type HttpFixtureProcess,
  type HttpFixtureProcessOptions,
  startHttpFixtureProcess,
} from './httpProcess.ts'
export type { LegacyFixture } from './legacyFixture.ts'
export { createLegacyFixture, createLegacyMcpServer } from './legacyFixture.ts'
export { createLegacyHttpHandler, type LegacyHttpHandler } from './legacyHttp.ts'
export { LEGACY_CONFIRM_URI, LEGACY_INPUT_URIS } from './legacyInput.ts'
export {
  EVERYTHING_SERVER_SCRIPT,
  FIXTURE_STDIO_SCRIPT,
  fixtureStdioCommand,
  LEGACY_STDIO_SCRIPT,
  legacyStdioCommand,
  RAW_STDIO_SCRIPT,
  type RawStdioMode,
  rawStdioCommand,
  type StdioCommandOptions,
  TS_NODE_ARGS,
} from './paths.ts'
export { createRawModernServer, type RawModernServerOptions } from './rawModernServer.ts'
export {
  createScriptedServer,
  type ScriptedConnection,
  type ScriptedHandler,
  type ScriptedListen,
  type ScriptedRequest,
  type ScriptedServer,
  type ScriptedServerOptions,
} from './scriptedServer.ts'
export type { HttpFixture } from './serveFetch.ts'
export { serveFetch } from './serveFetch.ts'
export { StdioInPlaceTransport } from './stdioInPlace.ts'
export { createStubHttpServers, type StubHttpServers } from './stubHttpServers.ts'
