// The public door of @resource-kit/client: what a host uses, named exports only (types
// apart). Validators, cache-hint readers and query internals stay inside; the API report
// (api-report/client.api.md, checked by `npm test`) records this surface.
export type { AuthStorage, LocalStorageAuthOptions } from './auth/authStorage.ts'
export { localStorageAuthStorage, memoryAuthStorage } from './auth/authStorage.ts'
export type {
  AuthorizationContext,
  OAuth,
  OAuthOptions,
  PreRegisteredClient,
} from './auth/createOAuth.ts'
export { createOAuth } from './auth/createOAuth.ts'
export type { SignedInAccount } from './auth/tokenAccount.ts'
export type { CacheLimits } from './cacheBudget.ts'
export { DEFAULT_CACHE_LIMITS } from './cacheBudget.ts'
export { assertCompleteResult } from './cacheHints.ts'
export type {
  ConnectionFailure,
  ConnectionFailureCause,
  ConnectionFailureContext,
} from './connectionFailure.ts'
export { describeConnectionFailure } from './connectionFailure.ts'
export { createResourceClient, DEFAULT_CLIENT_INFO } from './createResourceClient.ts'
export type { ElicitationValidation } from './elicitationForm.ts'
export { inputRefusalWords, validateElicitationContent } from './elicitationForm.ts'
export {
  AuthRequiredError,
  ConnectionError,
  CorsBlockedError,
  CursorCycleError,
  InputRequiredError,
  InvalidContentError,
  InvalidCursorError,
  InvalidParamsError,
  McpRequestError,
  MessageTooLargeError,
  NotSupportedError,
  RequestCancelledError,
  RequestTimeoutError,
  ResourceKitError,
  ResourceNotFoundError,
  ResourceTooLargeError,
  ServerNotReadyError,
  UnknownServerError,
} from './errors.ts'
export type { SafeIconOptions } from './iconSafety.ts'
export {
  checkIconSrc,
  isSafeIconSource,
  MAX_DATA_ICON_BYTES,
  MAX_ICON_URL_LENGTH,
  safeIconSrc,
} from './iconSafety.ts'
export { sniffImageType } from './imageType.ts'
export type {
  ElicitationAnswer,
  ElicitationRequest,
  FormField,
  InputContext,
  InputHandler,
} from './inputHandler.ts'
export type {
  RequestWithInputOptions,
  RequestWithInputResult,
  RootsHandler,
  SamplingHandler,
} from './inputRequired.ts'
export { InputDeclinedError, InputRoundsExceededError, requestWithInput } from './inputRequired.ts'
export { isPlainObject } from './isPlainObject.ts'
export { isResourceNotFound } from './notFound.ts'
export type { FetchPage, PagesOptions, WalkLimits } from './paginate.ts'
export { DEFAULT_MAX_PAGES, iteratePages, walkPages } from './paginate.ts'
export type { RequestDeadlines } from './requestDeadlines.ts'
export { DEFAULT_DEADLINES } from './requestDeadlines.ts'
export type {
  CompleteOptions,
  ListChange,
  ListItemChange,
  ListOptions,
  ListSnapshot,
  ReadOptions,
  ResourceClient,
  ResourceClientOptions,
  ResourceList,
  ResourceListChange,
  ResourceListLoadOptions,
  ResourceListSnapshot,
  ResourceTemplateList,
  ServerOptions,
  ServerSource,
  SharedList,
  TemplateListChange,
  TemplateListSnapshot,
  WalkOptions,
  Watch,
  WatchEvent,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from './resourceClient.ts'
export type { CursorKey, ReadKey, ResourceListKey, TemplateListKey } from './resourceKeys.ts'
export { resourceKeys } from './resourceKeys.ts'
export type {
  OwnedList,
  OwnedResourceList,
  ResourceListHost,
  SharedListHost,
} from './resourceList.ts'
export { createResourceList, createSharedList } from './resourceList.ts'
export type { ReadQueryOptions } from './resourceQueries.ts'
export type { Scheduler, Timers } from './scheduler.ts'
export { defaultScheduler } from './scheduler.ts'
export type { AdoptableClient } from './sdkSession.ts'
export { adoptSdkClient, connectSdkSession } from './sdkSession.ts'
export type { NamedServer } from './serverDisplayName.ts'
export { serverDisplayNames, shortLocation } from './serverDisplayName.ts'
export type {
  ListenHandle,
  Session,
  SessionConnectOptions,
  SessionFactory,
  SessionInfo,
  SessionNotification,
  SubscriptionFilter,
} from './session.ts'
export { SessionExpiredError } from './sessionExpiredError.ts'
export type {
  Annotations,
  BlobResourceContents,
  CacheHints,
  CacheScope,
  CompletionResult,
  Icon,
  Implementation,
  Page,
  ProtocolEra,
  ReadResult,
  Resource,
  ResourceCapabilities,
  ResourceContents,
  ResourceTemplate,
  ServerAuthSnapshot,
  ServerCapabilities,
  ServerSnapshot,
  ServerStatus,
  TextResourceContents,
  WalkResult,
} from './types.ts'
export type {
  ParsedTemplate,
  TemplateOperator,
  TemplateVariableSpec,
  TemplateVariables,
} from './uriTemplate.ts'
export {
  expandTemplate,
  findTemplate,
  matchTemplate,
  parseTemplate,
  templateVariables,
} from './uriTemplate.ts'
export { isBase64 } from './validateRead.ts'
