// The public door of @resource-kit/react: named exports only, types apart.

export type {
  HighlightSegment,
  ResourceSearch,
  ResourceSearchOptions,
  SearchableItem,
  SearchHit,
  SearchKey,
  SearchMatch,
  SearchOptions,
} from '@resource-kit/search'
// Search (fuzzy search over name, title, uri, description)
export { createResourceSearch, highlightRanges } from '@resource-kit/search'
export type {
  ContainerNode,
  DirectoryNode,
  FlatRow,
  FlattenTreeOptions,
  FolderNode,
  MimeIconKind,
  ResourceNode,
  ResourceTree,
  ResourceTreeOptions,
  ResourceTreeSource,
  SafeIconOptions,
  ServerNode,
  TemplateNode,
  TreeNode,
  TreeNodeKind,
  TreeSort,
} from './collection/index.ts'
// Collection: tree/list shapes, ordering, formatting, icon safety (pure, no React)
export {
  buildResourceTree,
  canExpand,
  DEFAULT_PRIORITY,
  directoryChildren,
  flatList,
  flattenTree,
  folderNodeId,
  formatBytes,
  formatLastModified,
  isAssistantOnly,
  listItemsOf,
  MAX_DATA_ICON_BYTES,
  MAX_ICON_URL_LENGTH,
  mimeIcon,
  parseLastModified,
  priorityOf,
  resourceNodeId,
  safeIconSrc,
  serverNodeId,
  sortNodes,
  templateNodeId,
  templatesNodeId,
  typeAhead,
} from './collection/index.ts'
export type { ElicitationFormProps } from './input/ElicitationForm.tsx'
export { ElicitationForm } from './input/ElicitationForm.tsx'
export type { FieldInput } from './input/elicitationValues.ts'
export { coerceValues, initialValues } from './input/elicitationValues.ts'
export type { InputBridge, PendingInput } from './input/inputBridge.ts'
export { createInputBridge } from './input/inputBridge.ts'
export type { UseInputRequestsFilter } from './input/useInputRequests.ts'
export { useInputRequests } from './input/useInputRequests.ts'
export type {
  ExpandTemplate,
  MentionAttachment,
  MentionAttachmentsResult,
  MentionCandidate,
  MentionComposerApi,
  MentionComposerHandle,
  MentionComposerProps,
  MentionMode,
  MentionOption,
  MentionQuery,
  MentionRead,
  MentionRef,
  MentionResults,
  MentionSegment,
  ReadMentionsOptions,
  TemplateDraft,
  UseMentionAttachmentsOptions,
  UseMentionComposerOptions,
} from './mention/index.ts'
// @-mention: composer, token format, attachments
export {
  attachmentKey,
  formatMentionToken,
  MentionComposer,
  MentionPopup,
  mentionsOf,
  normalizeSegments,
  parseMentionQuery,
  parseMentions,
  readMentions,
  serializeMentions,
  useMentionAttachments,
  useMentionComposer,
} from './mention/index.ts'
export type { BuildRowsInput, SearchItem } from './picker/buildSourceRows.ts'
export { buildSourceRows, searchItemsOf, statusText } from './picker/buildSourceRows.ts'
export { Picker } from './picker/parts/Picker.ts'
export type { PickerAssistantToggleProps } from './picker/parts/PickerAssistantToggle.tsx'
export { PickerAssistantToggle } from './picker/parts/PickerAssistantToggle.tsx'
export { PickerContext, usePickerContext } from './picker/parts/PickerContext.ts'
export type { PickerEmptyProps } from './picker/parts/PickerEmpty.tsx'
export { PickerEmpty } from './picker/parts/PickerEmpty.tsx'
export type { PickerHighlightProps } from './picker/parts/PickerHighlight.tsx'
export { PickerHighlight } from './picker/parts/PickerHighlight.tsx'
export type { PickerInputProps } from './picker/parts/PickerInput.tsx'
export { PickerInput } from './picker/parts/PickerInput.tsx'
export type { PickerItemProps } from './picker/parts/PickerItem.tsx'
export { PickerItem } from './picker/parts/PickerItem.tsx'
export type { PickerListProps } from './picker/parts/PickerList.tsx'
export { PickerList, PickerList as PickerTree } from './picker/parts/PickerList.tsx'
export { PickerLiveRegion } from './picker/parts/PickerLiveRegion.tsx'
export type { PickerRootProps } from './picker/parts/PickerRoot.tsx'
export { PickerRoot } from './picker/parts/PickerRoot.tsx'
export { PickerRowContent } from './picker/parts/PickerRowContent.tsx'
export type { PickerLoadMoreProps, PickerServerRowProps } from './picker/parts/PickerServerRow.tsx'
export { PickerLoadMore, PickerServerRow } from './picker/parts/PickerServerRow.tsx'
export type { PickerTemplatePanelProps } from './picker/parts/PickerTemplatePanel.tsx'
export { PickerTemplatePanel } from './picker/parts/PickerTemplatePanel.tsx'
export type { PickerViewToggleProps } from './picker/parts/PickerViewToggle.tsx'
export { PickerViewToggle } from './picker/parts/PickerViewToggle.tsx'
export type { ServerIconProps } from './picker/parts/ServerIcon.tsx'
export { ServerIcon } from './picker/parts/ServerIcon.tsx'
export type { KeyAction, KeyContext, NavRow } from './picker/pickerKeyboard.ts'
export { resolveKey } from './picker/pickerKeyboard.ts'
export { liveMessage } from './picker/pickerPropGetters.ts'
export type { PickerRow, PickerRowKind, RowMatch } from './picker/pickerRow.ts'
export { isActionable, isNavigable } from './picker/pickerRow.ts'
export type {
  ActiveTemplate,
  DirectoryState,
  PickerActions,
  PickerState,
  PickerStore,
  PickerStoreOptions,
  PickerStoreState,
  PickerView,
} from './picker/pickerStore.ts'
// Picker: state, behaviour, parts
export { createPickerStore } from './picker/pickerStore.ts'
export type { ResourcePickerProps } from './picker/ResourcePicker.tsx'
export { ResourcePicker } from './picker/ResourcePicker.tsx'
export { changedResourceKeys } from './picker/resourceChanges.ts'
export type { PickerApi, UsePickerOptions } from './picker/usePicker.ts'
export { usePicker } from './picker/usePicker.ts'
export type { PickerRowsInput, PickerRowsResult } from './picker/usePickerRows.ts'
export { usePickerRows } from './picker/usePickerRows.ts'
export type { BlobImageProps } from './preview/BlobImage.tsx'
// Preview and input
export { BlobImage } from './preview/BlobImage.tsx'
export type { ContentKind } from './preview/contentInfo.ts'
export {
  base64ByteLength,
  classifyContent,
  contentByteSize,
  decodeBase64,
  estimateTokens,
  prettyJson,
  sniffImageType,
} from './preview/contentInfo.ts'
export type { MarkdownPreviewProps } from './preview/MarkdownPreview.tsx'
export { MarkdownPreview } from './preview/MarkdownPreview.tsx'
export type { ReadPreviewProps } from './preview/ReadPreview.tsx'
export { ReadPreview } from './preview/ReadPreview.tsx'
export type { ResourcePreviewProps } from './preview/ResourcePreview.tsx'
export { PreviewSummary, ResourcePreview } from './preview/ResourcePreview.tsx'
export { contentsToResources, createDirectoryLoader } from './queries/directoryLoader.ts'
export { reactKeys } from './queries/queryKeys.ts'
export type {
  CompletionOptionsInput,
  TemplateList,
} from './queries/queryOptions.ts'
export {
  completionOptions,
  minTtl,
  readOptions,
  resourceListInfiniteOptions,
  templateListOptions,
} from './queries/queryOptions.ts'
export type { ResourceKitProviderProps } from './queries/ResourceKitProvider.tsx'
// Queries: provider, server status, option factories, sources, subscriptions
export { ResourceKitProvider, useResourceClient } from './queries/ResourceKitProvider.tsx'
export type {
  ResourceUpdatedListener,
  SourcesTrackerOptions,
  WatchedResource,
} from './queries/sourcesTracker.ts'
export { SourcesTracker } from './queries/sourcesTracker.ts'
export type { UseResourceSourcesOptions } from './queries/useResourceSources.ts'
export { useResourceSources } from './queries/useResourceSources.ts'
export { useServerStatus, useServers } from './queries/useServers.ts'
export type { UseWatchOptions } from './queries/useWatch.ts'
export { useWatch } from './queries/useWatch.ts'
export { composeHandlers, mergeRefs } from './shared/composeHandlers.ts'
export { resourceKey, rowDomId } from './shared/ids.ts'
export { isNotFoundError } from './shared/isNotFoundError.ts'
export type { PickerSource, ResourceDescriptor, SourceStatus } from './shared/sourceTypes.ts'
export type { TemplateFieldProps } from './template/TemplateField.tsx'
// Templates
export { TemplateField } from './template/TemplateField.tsx'
export type { TemplateFormProps } from './template/TemplateForm.tsx'
export { TemplateForm } from './template/TemplateForm.tsx'
export type { TemplateVariable } from './template/templateVariables.ts'
export { describeTemplateVariables } from './template/templateVariables.ts'
export { useDebouncedValue } from './template/useDebouncedValue.ts'
export type {
  TemplateCompletionResult,
  UseTemplateCompletionOptions,
} from './template/useTemplateCompletion.ts'
export { useTemplateCompletion } from './template/useTemplateCompletion.ts'
