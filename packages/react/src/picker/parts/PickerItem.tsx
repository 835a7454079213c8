// PARTS: one row. Spreads getItemProps (role, ids, aria-*, data-* state, handlers) and,
// without children, renders the default content for the row's kind.
import type { HTMLAttributes, ReactNode } from 'react'
import type { PickerRow } from '../pickerRow.ts'
import { usePickerContext } from './PickerContext.ts'
import { PickerRowContent } from './PickerRowContent.tsx'

export interface PickerItemProps extends HTMLAttributes<HTMLDivElement> {
  row: PickerRow
  /** Replaces the default content. */
  children?: ReactNode
}

/** A row of the list or tree (`option` / `treeitem`, or a group header in the list view). */
export function PickerItem({ row, className, children, style, ...props }: PickerItemProps) {
  const picker = usePickerContext()
  return (
    <div
      {...picker.getItemProps({ row, ...props })}
      className={className ? `rk-picker-item ${className}` : 'rk-picker-item'}
      style={{ ...style, ['--rk-depth' as string]: row.depth }}
    >
      {children ?? <PickerRowContent row={row} />}
    </div>
  )
}
