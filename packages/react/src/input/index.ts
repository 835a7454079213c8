// The input-request feature's public surface: the bridge from the client's InputHandler
// to pending requests, the hook that lists them, and the form that answers one.

export type { ElicitationFormProps } from './ElicitationForm.tsx'
export { ElicitationForm } from './ElicitationForm.tsx'
export type { InputBridge, PendingInput } from './inputBridge.ts'
export { createInputBridge } from './inputBridge.ts'
export type { UseInputRequestsFilter } from './useInputRequests.ts'
export { useInputRequests } from './useInputRequests.ts'
