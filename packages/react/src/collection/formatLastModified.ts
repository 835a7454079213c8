// `annotations.lastModified` from a server: relative when recent ("5 min ago"), a date
// otherwise. Only ISO 8601 is accepted: Date.parse also takes "1" or "March" and guesses.

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

// Made once: toLocaleDateString with options builds a new Intl.DateTimeFormat per call
// (about 2.5 s of a 20,000-resource load went there, rows re-rendering as pages arrived).
const THIS_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const OTHER_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The instant of an ISO 8601 timestamp, or undefined when it is not one. */
export function parseLastModified(iso: unknown): number | undefined {
  if (typeof iso !== 'string' || iso.length > 40) return undefined
  const m = ISO_8601.exec(iso.trim())
  if (!m) return undefined
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? 0 : Number(v),
  ) as [number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return undefined
  }
  const time = Date.parse(iso.trim())
  return Number.isFinite(time) ? time : undefined
}

/**
 * "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then "Mar 14" (this year)
 * or "Mar 14, 2025". Undefined for anything that is not an ISO 8601 timestamp.
 */
export function formatLastModified(
  iso: unknown,
  now: Date | number = Date.now(),
): string | undefined {
  const time = parseLastModified(iso)
  const reference = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : Number.NaN
  if (time === undefined || !Number.isFinite(reference)) return undefined
  const age = reference - time
  // A little clock skew reads as "just now"; further in the future shows the date.
  if (age >= -MINUTE && age < MINUTE) return 'just now'
  if (age >= MINUTE && age < HOUR) return `${Math.floor(age / MINUTE)} min ago`
  if (age >= HOUR && age < DAY) return `${Math.floor(age / HOUR)} h ago`
  if (age >= DAY && age < 2 * DAY) return 'yesterday'
  if (age >= 2 * DAY && age < 7 * DAY) return `${Math.floor(age / DAY)} days ago`
  const date = new Date(time)
  const sameYear = date.getFullYear() === new Date(reference).getFullYear()
  return (sameYear ? THIS_YEAR : OTHER_YEAR).format(date)
}
