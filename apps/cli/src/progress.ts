// A progress line on stderr for long list walks. It appears only on a terminal and only
// once the walk has run for `delayMs`, so short walks and pipes never see it. The total is
// unknown (servers do not say how many pages there are), so it counts pages and items, and
// draws a bar only against a --max-pages / --max-items limit.
import type { OutputStream } from './output.ts'

export interface ProgressOptions {
  stream: OutputStream
  /** What is being walked, e.g. `resources`. */
  label: string
  /** Injected clock. @default Date.now */
  now?: () => number
  /** Show nothing until the walk has taken this long. @default 400 */
  delayMs?: number
  /** Redraw at most this often. @default 80 */
  intervalMs?: number
  maxPages?: number
  maxItems?: number
}

export class Progress {
  readonly #options: ProgressOptions
  readonly #now: () => number
  readonly #start: number
  #lastDraw = Number.NEGATIVE_INFINITY
  #shown = false

  constructor(options: ProgressOptions) {
    this.#options = options
    this.#now = options.now ?? Date.now
    this.#start = this.#now()
  }

  /** Whether anything will ever be drawn (stderr is a terminal). */
  get enabled(): boolean {
    return this.#options.stream.isTTY === true
  }

  /** Called after each page. */
  update(pages: number, items: number): void {
    if (!this.enabled) return
    const now = this.#now()
    if (now - this.#start < (this.#options.delayMs ?? 400)) return
    if (this.#shown && now - this.#lastDraw < (this.#options.intervalMs ?? 80)) return
    this.#lastDraw = now
    this.#shown = true
    this.#options.stream.write(`\r\u001b[K${this.render(pages, items)}`)
  }

  /** Erases the line, if one was drawn. */
  done(): void {
    if (this.#shown) this.#options.stream.write('\r\u001b[K')
    this.#shown = false
  }

  /** The text of the line (without the erase sequence). */
  render(pages: number, items: number): string {
    const { maxPages, maxItems, label } = this.#options
    const counts = `${pages.toLocaleString('en-US')} pages · ${items.toLocaleString('en-US')} ${label}`
    const ratio = Math.max(maxPages ? pages / maxPages : 0, maxItems ? items / maxItems : 0)
    if (!maxPages && !maxItems) return `listing ${label}… ${counts}`
    const width = 20
    const filled = Math.min(width, Math.round(ratio * width))
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts}`
  }
}
