// The picker's behaviour shared with its parts (as React Aria's components share state).
import { createContext, useContext } from 'react'
import type { PickerApi } from '../usePicker.ts'

export const PickerContext = createContext<PickerApi | null>(null)

/** The nearest picker's API (rows, state, prop getters); throws outside `<Picker.Root>`. */
export function usePickerContext(): PickerApi {
  const api = useContext(PickerContext)
  if (!api) throw new Error('Picker parts must be rendered inside <Picker.Root>')
  return api
}
