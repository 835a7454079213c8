// PARTS: shown when there is nothing to pick (no results for the query, or no servers).
import { type ForwardedRef, forwardRef, type HTMLAttributes, type ReactNode } from 'react'
import { usePickerContext } from './PickerContext.ts'

export interface PickerEmptyProps extends HTMLAttributes<HTMLDivElement> {
  /** Replaces the default sentence. */
  children?: ReactNode
}

/** Renders only when the picker shows no resources and no server rows. */
export const PickerEmpty = forwardRef(function PickerEmpty(
  { children, className, ...props }: PickerEmptyProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const picker = usePickerContext()
  if (picker.rows.length > 0) return null
  const text = picker.query.trim() !== '' ? `No results for “${picker.query}”` : 'No servers'
  return (
    <div
      {...props}
      ref={ref}
      className={className ? `rk-picker-empty ${className}` : 'rk-picker-empty'}
    >
      {children ?? text}
    </div>
  )
})
