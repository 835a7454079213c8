// Sizes as people read them, in SI units (1 kB = 1,000 bytes, as file managers on the web do).

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const

/** `512 B`, `12.3 kB`, `4.0 MB`; undefined for anything but a finite number ≥ 0. */
export function formatBytes(size: unknown): string | undefined {
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) return undefined
  if (size < 1000) return `${Math.round(size)} B`
  let value = size
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  // 999,950 bytes would print "1000.0 kB": carry to the next unit.
  if (value >= 999.95 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  const text = value < 100 ? value.toFixed(1) : Math.round(value).toString()
  return `${text} ${UNITS[unit]}`
}
