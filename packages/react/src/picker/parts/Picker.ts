// The parts as one namespace (`Picker.Root`, `Picker.Item`, …), as cmdk exports them;
// each is also a named export (`PickerRoot`, `PickerItem`, …).

import { PickerHighlight } from '../../shared/PickerHighlight.tsx'
import { PickerAssistantToggle } from './PickerAssistantToggle.tsx'
import { PickerEmpty } from './PickerEmpty.tsx'
import { PickerInput } from './PickerInput.tsx'
import { PickerItem } from './PickerItem.tsx'
import { PickerList } from './PickerList.tsx'
import { PickerLiveRegion } from './PickerLiveRegion.tsx'
import { PickerRoot } from './PickerRoot.tsx'
import { PickerRowContent } from './PickerRowContent.tsx'
import { PickerLoadMore, PickerServerRow } from './PickerServerRow.tsx'
import { PickerTemplatePanel } from './PickerTemplatePanel.tsx'
import { PickerToolbar } from './PickerToolbar.tsx'
import { PickerViewToggle } from './PickerViewToggle.tsx'
import { ServerIcon } from './ServerIcon.tsx'

/** The picker's unstyled parts. `Tree` and `List` are the same part: the view decides the role. */
export const Picker = {
  Root: PickerRoot,
  Toolbar: PickerToolbar,
  Input: PickerInput,
  List: PickerList,
  Tree: PickerList,
  Item: PickerItem,
  RowContent: PickerRowContent,
  ServerRow: PickerServerRow,
  LoadMore: PickerLoadMore,
  Empty: PickerEmpty,
  LiveRegion: PickerLiveRegion,
  ViewToggle: PickerViewToggle,
  AssistantToggle: PickerAssistantToggle,
  TemplatePanel: PickerTemplatePanel,
  Highlight: PickerHighlight,
  ServerIcon,
}
