// The picker feature's public surface: the connected ResourcePicker, the parts, the
// behaviour hook and its store.

export type { SharedResourceSearch } from '../search/sharedSearch.ts'
export type { UseResourceSearchOptions } from '../search/useResourceSearch.ts'
export { useResourceSearch } from '../search/useResourceSearch.ts'
export type { PickerHighlightProps } from '../shared/PickerHighlight.tsx'
export { PickerHighlight } from '../shared/PickerHighlight.tsx'
export { Picker } from './parts/Picker.ts'
export type { PickerAssistantToggleProps } from './parts/PickerAssistantToggle.tsx'
export { PickerAssistantToggle } from './parts/PickerAssistantToggle.tsx'
export { usePickerContext } from './parts/PickerContext.ts'
export type { PickerEmptyProps } from './parts/PickerEmpty.tsx'
export { PickerEmpty } from './parts/PickerEmpty.tsx'
export type { PickerInputProps } from './parts/PickerInput.tsx'
export { PickerInput } from './parts/PickerInput.tsx'
export type { PickerItemProps } from './parts/PickerItem.tsx'
export { PickerItem } from './parts/PickerItem.tsx'
export type { PickerListProps } from './parts/PickerList.tsx'
export { PickerList, PickerList as PickerTree } from './parts/PickerList.tsx'
export { PickerLiveRegion } from './parts/PickerLiveRegion.tsx'
export type { PickerRootProps } from './parts/PickerRoot.tsx'
export { PickerRoot } from './parts/PickerRoot.tsx'
export type { PickerRowContentProps, RowChange } from './parts/PickerRowContent.tsx'
export { PickerRowContent } from './parts/PickerRowContent.tsx'
export type { PickerLoadMoreProps, PickerServerRowProps } from './parts/PickerServerRow.tsx'
export { PickerLoadMore, PickerServerRow } from './parts/PickerServerRow.tsx'
export type { PickerTemplatePanelProps } from './parts/PickerTemplatePanel.tsx'
export { PickerTemplatePanel } from './parts/PickerTemplatePanel.tsx'
export { PickerToolbar } from './parts/PickerToolbar.tsx'
export type { PickerViewToggleProps } from './parts/PickerViewToggle.tsx'
export { PickerViewToggle } from './parts/PickerViewToggle.tsx'
export type { ServerIconProps } from './parts/ServerIcon.tsx'
export { ServerIcon } from './parts/ServerIcon.tsx'
export type { PickerElementProps, PickerPropGetters } from './pickerPropGetters.ts'
export type { PickerRow, PickerRowKind, RowBase, RowMatch } from './pickerRow.ts'
export type { PickerRows } from './pickerRows.ts'
export type {
  ActiveTemplate,
  DirectoryState,
  PickerActions,
  PickerState,
  PickerStore,
  PickerStoreOptions,
  PickerStoreState,
  PickerView,
} from './pickerStore.ts'
export { createPickerStore } from './pickerStore.ts'
export type { ResourcePickerProps } from './ResourcePicker.tsx'
export { ResourcePicker } from './ResourcePicker.tsx'
export type { PickerRowWindow, PickerScrollAlign, PickerVirtualItem } from './rowWindow.ts'
export type { LoadDirectory } from './useLazyFolders.ts'
export type { PickerApi, UsePickerOptions } from './usePicker.ts'
export { usePicker } from './usePicker.ts'
export type { SearchWorkerFactory } from './usePickerRows.ts'
export type { SelectionMode } from './usePickerSelection.ts'
