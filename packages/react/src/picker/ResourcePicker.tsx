// PARTS (connected): the finished picker — every server of the client, search, tree/list
// switch, assistant-only toggle, lazy folders, template forms — composed from the parts.
// Apps that want another layout compose the parts themselves.
import type { ReadResult } from '@resource-kit/client'
import { useMemo } from 'react'
import { createDirectoryLoader } from '../queries/directoryLoader.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import {
  type UseResourceSourcesOptions,
  useResourceSources,
} from '../queries/useResourceSources.ts'
import { Picker } from './parts/Picker.ts'
import type { PickerRootProps } from './parts/PickerRoot.tsx'
import type { ResourceDescriptor } from './pickerStore.ts'

export interface ResourcePickerProps extends Omit<PickerRootProps, 'sources' | 'loadDirectory'> {
  /** Which servers, and how many items to load per batch. */
  sourceOptions?: UseResourceSourcesOptions
  /** Called when a template's URI was read (before it is selected). */
  onTemplateRead?: (descriptor: ResourceDescriptor, result: ReadResult) => void
  /** Search placeholder. @default 'Search resources…' */
  placeholder?: string
}

/** A complete resource picker over the client of the nearest ResourceKitProvider. */
export function ResourcePicker({
  sourceOptions,
  onTemplateRead,
  placeholder,
  ...rootProps
}: ResourcePickerProps) {
  const client = useResourceClient()
  const sources = useResourceSources(sourceOptions)
  const loadDirectory = useMemo(() => createDirectoryLoader(client), [client])
  return (
    <Picker.Root {...rootProps} sources={sources} loadDirectory={loadDirectory}>
      <div className="rk-picker-toolbar">
        <Picker.Input placeholder={placeholder ?? 'Search resources…'} />
        <Picker.ViewToggle />
      </div>
      <div className="rk-picker-toolbar">
        <Picker.AssistantToggle />
      </div>
      <Picker.List />
      <Picker.Empty />
      <Picker.LiveRegion />
      <Picker.TemplatePanel onRead={onTemplateRead} />
    </Picker.Root>
  )
}
