// PARTS: a checkbox that hides resources meant for the assistant only
// (annotations.audience without "user").
import { type ForwardedRef, forwardRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { usePickerContext } from './PickerContext.ts'

export interface PickerAssistantToggleProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked'> {
  /** @default 'Hide assistant-only' */
  children?: ReactNode
}

/** Toggles hiding assistant-only items. */
export const PickerAssistantToggle = forwardRef(function PickerAssistantToggle(
  { children, className, ...props }: PickerAssistantToggleProps,
  ref: ForwardedRef<HTMLInputElement>,
) {
  const { store } = usePickerContext()
  const hide = useStore(store, (s) => s.hideAssistantOnly)
  return (
    <label
      className={
        className ? `rk-picker-toggle-assistant ${className}` : 'rk-picker-toggle-assistant'
      }
    >
      <input
        {...props}
        ref={ref}
        type="checkbox"
        checked={hide}
        onChange={(e) => {
          props.onChange?.(e)
          if (!e.defaultPrevented) store.getState().setHideAssistantOnly(e.target.checked)
        }}
      />{' '}
      {children ?? 'Hide assistant-only'}
    </label>
  )
})
