// PARTS (connected): the finished picker — every server of the client, search, tree/list
// switch, assistant-only toggle, lazy folders, template forms — composed from the parts.
// Apps that want another layout compose the parts themselves.
import type { ReadResult } from '@resource-kit/client'
import { type ForwardedRef, forwardRef, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { createDirectoryLoader } from '../queries/directoryLoader.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import {
  type UseResourceSourcesOptions,
  useResourceSources,
} from '../queries/useResourceSources.ts'
import type { ResourceDescriptor } from '../shared/sourceTypes.ts'
import { Picker } from './parts/Picker.ts'
import type { PickerRootProps } from './parts/PickerRoot.tsx'
import { createPickerStore } from './pickerStore.ts'

export interface ResourcePickerProps extends Omit<PickerRootProps, 'sources' | 'loadDirectory'> {
  /** Which servers, and how many items to load per batch. */
  sourceOptions?: UseResourceSourcesOptions
  /** Called when a template's URI was read (before it is selected). */
  onTemplateRead?: (descriptor: ResourceDescriptor, result: ReadResult) => void
  /** Search placeholder. @default 'Search resources…' */
  placeholder?: string
  /**
   * Follow the selected resources for `updated(uri)`: the server's update marks their rows
   * (and every chip and preview of them) "updated". @default true
   */
  markUpdates?: boolean
}

const none: readonly ResourceDescriptor[] = []

/** A complete resource picker over the client of the nearest ResourceKitProvider. */
export const ResourcePicker = forwardRef(function ResourcePicker(
  {
    sourceOptions,
    onTemplateRead,
    placeholder,
    markUpdates = true,
    ...rootProps
  }: ResourcePickerProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const client = useResourceClient()
  const [ownStore] = useState(() =>
    createPickerStore({ query: rootProps.defaultQuery, view: rootProps.defaultView }),
  )
  const store = rootProps.store ?? ownStore
  const selected = useStore(store, (s) => s.selected)
  const watchResources = useMemo(() => {
    const extra = sourceOptions?.watchResources ?? none
    return markUpdates ? [...selected.values(), ...extra] : extra
  }, [markUpdates, selected, sourceOptions?.watchResources])
  const sources = useResourceSources({ ...sourceOptions, watchResources })
  const loadDirectory = useMemo(() => createDirectoryLoader(client), [client])
  return (
    <Picker.Root
      {...rootProps}
      ref={ref}
      store={store}
      sources={sources}
      loadDirectory={loadDirectory}
    >
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
})
