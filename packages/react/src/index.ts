'use client'

// The public door of @resource-kit/react: what a host uses, one barrel per feature, named
// exports only (types apart). Everything else is internal and may change without notice;
// `api-report/react.api.md` records this surface and `npm test` checks it.

// Attachments: sized chips (size, tokens, change, server down) and the composer's total
export type {
  AttachmentChipProps,
  AttachmentChipsProps,
  AttachmentSizing,
  ContextBudgetProps,
  SizedAttachment,
  SizedAttachmentsResult,
  UseSizedAttachmentsOptions,
} from './attachments/index.ts'
export {
  AttachmentChip,
  AttachmentChips,
  attachmentSizeText,
  ContextBudget,
  useSizedAttachments,
} from './attachments/index.ts'
// Formatting helpers for custom rows (pure, no React)
export type { MimeIconKind } from './collection/index.ts'
export { formatBytes, formatLastModified, mimeIcon } from './collection/index.ts'
// Combobox: the one list-navigation behaviour the picker, the mention popup and the template field share
export type {
  ListNavigation,
  NavigationList,
  NavigationTree,
  UseListNavigationOptions,
} from './combobox/index.ts'
export { useListNavigation } from './combobox/index.ts'
// Input requests: elicitation forms for the client's InputHandler
export type {
  ElicitationFormProps,
  InputBridge,
  PendingInput,
  UseInputRequestsFilter,
} from './input/index.ts'
export { createInputBridge, ElicitationForm, useInputRequests } from './input/index.ts'
// Live: one watch per server and one change state per resource (rows, chips, preview)
export type {
  LiveStatus,
  ResourceChange,
  ResourceChangeState,
  UseResourceChangeOptions,
} from './live/index.ts'
export { useResourceChange } from './live/index.ts'
// @-mention: composer, token format, attachments, reads
export type {
  ExpandTemplate,
  InsertMentionOptions,
  MentionAttachment,
  MentionAttachmentsResult,
  MentionComposerApi,
  MentionComposerHandle,
  MentionComposerProps,
  MentionEditorProps,
  MentionMode,
  MentionOption,
  MentionOptionProps,
  MentionPropGetters,
  MentionRead,
  MentionRef,
  MentionSegment,
  MentionTextProps,
  ReadMentionsOptions,
  TemplateDraft,
  UseMentionAttachmentsOptions,
  UseMentionComposerOptions,
} from './mention/index.ts'
export {
  attachmentKey,
  formatMentionToken,
  MentionComposer,
  MentionPopup,
  MentionText,
  mentionsOf,
  parseMentions,
  readMentions,
  serializeMentions,
  useMentionAttachments,
  useMentionComposer,
} from './mention/index.ts'
// Model input: what a message hands the model, as data and as cards
export type {
  ModelContextItem,
  ModelContextPart,
  ModelInputCardProps,
  ModelInputPreviewProps,
} from './modelInput/index.ts'
export {
  contextItemsOf,
  isModelContextItem,
  MAX_KEPT_TEXT,
  ModelInputCard,
  ModelInputPreview,
  modelInputSummary,
  modelInputText,
  promptText,
} from './modelInput/index.ts'
// Picker: the connected ResourcePicker, the parts, the behaviour hook and its store
export type {
  ActiveTemplate,
  DirectoryState,
  LoadDirectory,
  PickerActions,
  PickerApi,
  PickerAssistantToggleProps,
  PickerElementProps,
  PickerEmptyProps,
  PickerHighlightProps,
  PickerInputProps,
  PickerItemProps,
  PickerListProps,
  PickerLoadMoreProps,
  PickerPropGetters,
  PickerRootProps,
  PickerRow,
  PickerRowContentProps,
  PickerRowKind,
  PickerRows,
  PickerRowWindow,
  PickerScrollAlign,
  PickerServerRowProps,
  PickerState,
  PickerStore,
  PickerStoreOptions,
  PickerStoreState,
  PickerTemplatePanelProps,
  PickerView,
  PickerViewToggleProps,
  PickerVirtualItem,
  ResourcePickerProps,
  RowBase,
  RowChange,
  RowMatch,
  SearchWorkerFactory,
  SelectionMode,
  ServerIconProps,
  SharedResourceSearch,
  UsePickerOptions,
  UseResourceSearchOptions,
} from './picker/index.ts'
export {
  createPickerStore,
  Picker,
  PickerAssistantToggle,
  PickerEmpty,
  PickerHighlight,
  PickerInput,
  PickerItem,
  PickerList,
  PickerLiveRegion,
  PickerLoadMore,
  PickerRoot,
  PickerRowContent,
  PickerServerRow,
  PickerTemplatePanel,
  PickerToolbar,
  PickerTree,
  PickerViewToggle,
  ResourcePicker,
  ServerIcon,
  usePicker,
  usePickerContext,
  useResourceSearch,
} from './picker/index.ts'
// Preview: what a read shows
export type {
  BlobImageProps,
  ContextSize,
  MarkdownPreviewProps,
  ReadPreviewProps,
  ResourcePreviewProps,
} from './preview/index.ts'
export {
  BlobImage,
  base64ByteLength,
  estimateTokens,
  formatContextSize,
  MarkdownPreview,
  measureContents,
  PreviewSummary,
  ReadPreview,
  ResourcePreview,
  sumContextSizes,
} from './preview/index.ts'
// Queries: provider, server status, sources, watches, option factories
export type {
  CompletionOptionsInput,
  ResourceKitProviderProps,
  SourcesTrackerOptions,
  TemplateList,
  UseResourceSourcesOptions,
  UseWatchOptions,
  WatchedResource,
} from './queries/index.ts'
export {
  completionOptions,
  createDirectoryLoader,
  ResourceKitProvider,
  readOptions,
  templateListOptions,
  useResourceClient,
  useResourceSources,
  useServerStatus,
  useServers,
  useWatch,
} from './queries/index.ts'
// Servers: one word per server state (live, reconnecting, offline, …) and the server list
export type { ServerState, ServerStatusItemProps, ServerStatusListProps } from './servers/index.ts'
export {
  isServerDown,
  SERVER_STATE_TEXT,
  ServerStatusItem,
  ServerStatusList,
  serverStateOf,
  useServerState,
  useServerStates,
} from './servers/index.ts'
// Shared types: what every feature produces or consumes
export type {
  ItemsChange,
  PickerSource,
  ResourceCount,
  ResourceDescriptor,
  SourceChange,
  SourceChanges,
  SourceStatus,
} from './shared/index.ts'
export {
  countResources,
  isSourceBusy,
  isSourceDown,
  resourceCountText,
} from './shared/index.ts'
// Templates: the form, one field, completion
export type {
  TemplateCompletionResult,
  TemplateFieldProps,
  TemplateFormProps,
  UseTemplateCompletionOptions,
} from './template/index.ts'
export { TemplateField, TemplateForm, useTemplateCompletion } from './template/index.ts'
