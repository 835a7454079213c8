// The template feature's public surface: the form, one field, and the completion hook.

export type { TemplateFieldProps } from './TemplateField.tsx'
export { TemplateField } from './TemplateField.tsx'
export type { TemplateFormProps } from './TemplateForm.tsx'
export { TemplateForm } from './TemplateForm.tsx'
export type {
  TemplateCompletionResult,
  UseTemplateCompletionOptions,
} from './useTemplateCompletion.ts'
export { useTemplateCompletion } from './useTemplateCompletion.ts'
