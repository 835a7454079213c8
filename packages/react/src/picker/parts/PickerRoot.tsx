// PARTS: the root runs usePicker once and shares it with every part inside.
import { type HTMLAttributes, type ReactNode, useLayoutEffect, useState } from 'react'
import { type UsePickerOptions, usePicker } from '../usePicker.ts'
import { createPickerHandle, PickerContext } from './PickerContext.ts'

export interface PickerRootProps
  extends UsePickerOptions,
    Omit<HTMLAttributes<HTMLDivElement>, 'onSelect' | 'id' | 'defaultValue'> {
  children?: ReactNode
}

/** Provides the picker to its parts; renders a `<div class="rk-picker">` with the given `id`. */
export function PickerRoot(props: PickerRootProps) {
  const {
    sources,
    store,
    selectionMode,
    onSelect,
    onActivate,
    onMention,
    onTemplateSelect,
    loadDirectory,
    query,
    defaultQuery,
    onQueryChange,
    view,
    defaultView,
    onViewChange,
    onEscape,
    id,
    estimateRowHeight,
    overscan,
    initialRect,
    searchLimit,
    searchWorker,
    search,
    children,
    className,
    ...domProps
  } = props
  const picker = usePicker({
    sources,
    store,
    selectionMode,
    onSelect,
    onActivate,
    onMention,
    onTemplateSelect,
    loadDirectory,
    query,
    defaultQuery,
    onQueryChange,
    view,
    defaultView,
    onViewChange,
    onEscape,
    id,
    estimateRowHeight,
    overscan,
    initialRect,
    searchLimit,
    searchWorker,
    search,
  })
  // One handle for the root's life: parts subscribe to it instead of taking a new value.
  const [handle] = useState(() => createPickerHandle(picker))
  handle.set(picker)
  useLayoutEffect(() => handle.notify())
  return (
    <PickerContext.Provider value={handle}>
      <div
        {...picker.getRootProps(domProps)}
        // The id names the root too (a host's label, a test); parts' ids are derived from it.
        id={id}
        className={className ? `rk-picker ${className}` : 'rk-picker'}
      >
        {children}
      </div>
    </PickerContext.Provider>
  )
}
