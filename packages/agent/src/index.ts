// The public door of @resource-kit/agent: named exports only, types apart.
// The Vercel AI SDK adapter is the `@resource-kit/agent/ai` subpath.
export type { BlobSummary } from './blobSummary.ts'
export { summarizeBlob } from './blobSummary.ts'
export type { Budget } from './budget.ts'
export { defaultEstimateTokens } from './budget.ts'
export type { ContentPart, ReadPosition } from './budgetedRead.ts'
export type { JsonToolsOptions } from './jsonTools.ts'
export {
  callTool,
  toAnthropicTools,
  toOpenAiResponsesTools,
  toOpenAiTools,
} from './jsonTools.ts'
export type { MatchedField } from './matchSnippet.ts'
export type {
  AttachOptions,
  BuiltContext,
  ContextChange,
  ContextEntry,
  OmittedResource,
  ResourceContext,
  ResourceContextOptions,
} from './resourceContext.ts'
export { createResourceContext } from './resourceContext.ts'
export type { ResolvedResource, ResolveLinksOptions } from './resourceLinks.ts'
export { resolveResourceLinks } from './resourceLinks.ts'
export type { ResourceTools, ResourceToolsOptions } from './resourceTools.ts'
export { createResourceTools, defaultToolNames } from './resourceTools.ts'
export type {
  SearchProgress,
  SearchServersOptions,
  SearchServersResult,
  ServerSearchHit,
  ServerSearchReport,
} from './searchServers.ts'
export { searchServers } from './searchServers.ts'
export { strictSchema } from './strictSchema.ts'
export type {
  ResourceSuggester,
  ResourceSuggestion,
  SelectContext,
  SelectContextRequest,
  SuggestionReasons,
  SuggestionServerReport,
  SuggestResourcesOptions,
  SuggestResourcesResult,
} from './suggestResources.ts'
export {
  createResourceSuggester,
  draftKeywords,
  suggestionId,
  suggestResources,
} from './suggestResources.ts'
export type { ToolNames } from './toolError.ts'
export type {
  JsonSchema,
  Source,
  ToolCallOptions,
  ToolDefinition,
  ToolError,
  ToolErrorKind,
  ToolFailure,
  ToolResult,
} from './types.ts'
