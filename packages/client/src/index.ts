// The public door of @resource-kit/client: named exports only, types apart.
export const placeholder = 1

export type {
  ElicitationAnswer,
  ElicitationRequest,
  FormField,
  InputContext,
  InputHandler,
} from './inputHandler.ts'
export type {
  CompleteOptions,
  ListOptions,
  ReadOptions,
  ResourceClient,
  ResourceClientOptions,
  ServerSource,
  WalkOptions,
  Watch,
  WatchEvent,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from './resourceClient.ts'
export type {
  ListenHandle,
  Session,
  SessionConnectOptions,
  SessionFactory,
  SessionInfo,
  SessionNotification,
  SubscriptionFilter,
} from './session.ts'
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
  ServerCapabilities,
  ServerSnapshot,
  ServerStatus,
  TextResourceContents,
  WalkResult,
} from './types.ts'
