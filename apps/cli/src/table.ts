// Aligned columns for text output. Cells are already sanitized; colours are applied after
// padding so escape codes do not count toward the width.

export interface Column {
  /** Cap on the padding width, so one very long cell does not push every row right. */
  maxWidth?: number
  style?: (text: string) => string
}

/** Renders rows as lines of space-separated, left-aligned columns (the last column is not padded). */
export function renderTable(rows: readonly string[][], columns: readonly Column[]): string[] {
  const widths = columns.map((column, index) =>
    Math.min(
      column.maxWidth ?? Number.POSITIVE_INFINITY,
      Math.max(0, ...rows.map((row) => [...(row[index] ?? '')].length)),
    ),
  )
  return rows.map((row) => {
    const last = lastNonEmpty(row)
    return row
      .slice(0, last + 1)
      .map((cell, index) => {
        const padded = index === last ? cell : cell.padEnd(widths[index] ?? 0)
        const style = columns[index]?.style
        return style && cell !== '' ? style(padded) : padded
      })
      .join('  ')
  })
}

function lastNonEmpty(row: readonly string[]): number {
  for (let index = row.length - 1; index >= 0; index -= 1) if (row[index] !== '') return index
  return 0
}

/** `1234` → `1.2 kB`; bytes below 1000 stay exact. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1000) return `${bytes} B`
  const units = ['kB', 'MB', 'GB', 'TB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}
