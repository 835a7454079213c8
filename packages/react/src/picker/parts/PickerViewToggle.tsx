// PARTS: switch between the tree and the flat list.
import { type ForwardedRef, forwardRef, type HTMLAttributes } from 'react'
import { usePickerContext } from './PickerContext.ts'

export interface PickerViewToggleProps extends HTMLAttributes<HTMLDivElement> {
  /** Button labels. @default { tree: 'Tree', list: 'List' } */
  labels?: { tree: string; list: string }
}

/** Two toggle buttons (`aria-pressed`) in a labelled group. */
export const PickerViewToggle = forwardRef(function PickerViewToggle(
  { labels = { tree: 'Tree', list: 'List' }, className, ...props }: PickerViewToggleProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const picker = usePickerContext()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar-like button group, not a form fieldset
    <div
      role="group"
      aria-label="View"
      {...props}
      ref={ref}
      className={className ? `rk-picker-view-toggle ${className}` : 'rk-picker-view-toggle'}
    >
      <button {...picker.getViewToggleProps({ view: 'tree' })}>{labels.tree}</button>
      <button {...picker.getViewToggleProps({ view: 'list' })}>{labels.list}</button>
    </div>
  )
})
