// The model-input feature's public surface: what a message hands the model, and its cards.

export type { ModelInputCardProps, ModelInputPreviewProps } from './ModelInputPreview.tsx'
export { ModelInputCard, ModelInputPreview, modelInputSummary } from './ModelInputPreview.tsx'
export type { ModelContextItem, ModelContextPart } from './modelContext.ts'
export {
  contextItemsOf,
  isModelContextItem,
  MAX_KEPT_TEXT,
  modelInputText,
  promptText,
} from './modelContext.ts'
