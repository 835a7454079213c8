// PARTS: the search field (a combobox controlling the list or tree).
import { type ForwardedRef, forwardRef, type InputHTMLAttributes } from 'react'
import { usePickerContext } from './PickerContext.ts'

export type PickerInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>

/** The search input; `aria-label` defaults to "Search resources". */
export const PickerInput = forwardRef(function PickerInput(
  { className, ...props }: PickerInputProps,
  ref: ForwardedRef<HTMLInputElement>,
) {
  const picker = usePickerContext()
  return (
    <input
      placeholder="Search resources…"
      aria-label="Search resources"
      {...picker.getInputProps(props)}
      ref={ref}
      className={className ? `rk-picker-input ${className}` : 'rk-picker-input'}
    />
  )
})
