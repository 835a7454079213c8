// PARTS: the row above the list that holds the search input and the view toggles.
import type { HTMLAttributes } from 'react'

/** Lays out `Picker.Input` and its toggles in one row; renders `<div class="rk-picker-toolbar">`. */
export function PickerToolbar({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...props}
      className={className ? `rk-picker-toolbar ${className}` : 'rk-picker-toolbar'}
    />
  )
}
