// PARTS: the row above the list that holds the search input and the view toggles.
import { type ForwardedRef, forwardRef, type HTMLAttributes } from 'react'

/** Lays out `Picker.Input` and its toggles in one row; renders `<div class="rk-picker-toolbar">`. */
export const PickerToolbar = forwardRef(function PickerToolbar(
  { className, ...props }: HTMLAttributes<HTMLDivElement>,
  ref: ForwardedRef<HTMLDivElement>,
) {
  return (
    <div
      {...props}
      ref={ref}
      className={className ? `rk-picker-toolbar ${className}` : 'rk-picker-toolbar'}
    />
  )
})
