// The list-navigation behaviour's public surface: the hook every combobox here is built on.

export type { NavigationList, NavigationTree } from './navigationKeys.ts'
export type { ListNavigation, UseListNavigationOptions } from './useListNavigation.ts'
export { useListNavigation } from './useListNavigation.ts'
