// PARTS: the form of the template the user chose, wired to the picker: submitting reads
// the expanded URI and selects it; Cancel (or choosing again) closes it.
import type { ReadResult } from '@resource-kit/client'
import { type ForwardedRef, forwardRef } from 'react'
import { useStore } from 'zustand'
import type { ResourceDescriptor } from '../../shared/sourceTypes.ts'
import { TemplateForm } from '../../template/TemplateForm.tsx'
import { usePickerContext } from './PickerContext.ts'

export interface PickerTemplatePanelProps {
  /** Called after the expanded URI was read, before it is selected. */
  onRead?: (descriptor: ResourceDescriptor, result: ReadResult) => void
  /** Wait this long after a keystroke before asking for completions. @default 200 */
  debounceMs?: number
  className?: string
}

/** Renders the active template's form (needs `<ResourceKitProvider>`); nothing otherwise. */
export const PickerTemplatePanel = forwardRef(function PickerTemplatePanel(
  { onRead, debounceMs, className }: PickerTemplatePanelProps,
  ref: ForwardedRef<HTMLFormElement>,
) {
  const picker = usePickerContext()
  const active = useStore(picker.store, (s) => s.activeTemplate)
  if (!active) return null
  return (
    <TemplateForm
      ref={ref}
      key={`${active.serverId}\u0000${active.uriTemplate}`}
      serverId={active.serverId}
      uriTemplate={active.uriTemplate}
      title={active.title ?? active.name}
      mimeType={active.mimeType}
      debounceMs={debounceMs}
      className={className}
      onCancel={() => picker.store.getState().closeTemplate()}
      onSubmit={(descriptor, result) => {
        onRead?.(descriptor, result)
        picker.selectDescriptor(descriptor)
        picker.store.getState().closeTemplate()
      }}
    />
  )
})
