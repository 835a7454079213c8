// Test helpers for row names: a row is named by its content (label, then its details).

/** Matches an accessible name that starts with `label` (the rest is the row's details). */
export const named = (label: string): RegExp =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`)

/** The visible label of a row. */
export const labelOf = (row: Element | null | undefined): string | null | undefined =>
  row?.querySelector('.rk-label, .rk-status-text')?.textContent
