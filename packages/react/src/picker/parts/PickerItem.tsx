// PARTS: one row. Spreads getItemProps (role, ids, aria-*, data-* state, handlers) and,
// without children, renders the default content for the row's kind.
import { type ForwardedRef, forwardRef, type HTMLAttributes, memo, type ReactNode } from 'react'
import { rowChange, rowProps, rowResourceKey } from '../pickerPropGetters.ts'
import type { PickerRow } from '../pickerRow.ts'
import { usePickerHandle, usePickerSelector } from './PickerContext.ts'
import { PickerRowContent } from './PickerRowContent.tsx'

export interface PickerItemProps extends HTMLAttributes<HTMLDivElement> {
  row: PickerRow
  /** Replaces the default content. */
  children?: ReactNode
}

/** A search result (its place is not shown by a tree around it). */
function isHit(row: PickerRow): boolean {
  return (row.kind === 'resource' || row.kind === 'template') && row.matches !== undefined
}

/**
 * A row of the list or tree (`option` / `treeitem`, or a group header in the list view).
 * It reads only its own state from the picker, so it re-renders when that changes.
 */
export const PickerItem = memo(forwardRef(PickerItemRow))

function PickerItemRow(
  { row, className, children, style, ...props }: PickerItemProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const handle = usePickerHandle()
  const key = rowResourceKey(row)
  const highlighted = usePickerSelector((p) => p.highlightedId === row.id)
  const selected = usePickerSelector((p) => key !== undefined && p.selected.has(key))
  // The client's one change state for this resource (the chip and the preview show the same).
  const change = usePickerSelector((p) => rowChange(row, p.changeOf))
  const baseId = usePickerSelector((p) => p.baseId)
  const view = usePickerSelector((p) => p.view)
  const selectionMode = usePickerSelector((p) => p.selectionMode)
  const hideAssistantOnly = usePickerSelector((p) => p.store.getState().hideAssistantOnly)
  const actions = {
    highlight: (id: string) => handle.get().store.getState().highlight(id),
    activate: (r: PickerRow) => handle.get().activate(r),
  }
  return (
    <div
      {...rowProps(
        row,
        { baseId, view, selectionMode, highlighted, selected, change },
        actions,
        props,
      )}
      ref={ref}
      className={className ? `rk-picker-item ${className}` : 'rk-picker-item'}
      style={{ ...style, ['--rk-depth' as string]: row.depth }}
    >
      {children ?? (
        <PickerRowContent
          row={row}
          change={change}
          location={view === 'list' || isHit(row)}
          hideAssistantOnly={hideAssistantOnly}
        />
      )}
    </div>
  )
}
