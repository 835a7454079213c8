// Installed into every benchmarked page before its scripts run (Playwright's
// `addInitScript`, so it must not close over anything): long tasks, the resources each
// `resources/list` response carried (fetch is wrapped; the response is cloned and read
// aside), and "key → next paint": after a key, the first DOM change under a root, then the
// frame that paints it (requestAnimationFrame, then a task after that frame).

export interface ProbeLongTask {
  start: number
  duration: number
}

export interface ProbeListPage {
  at: number
  count: number
  last: boolean
}

export interface Probe {
  longTasks: ProbeLongTask[]
  pages: ProbeListPage[]
  /** Resolves with ms from the next keydown to the paint after the DOM under `root` changed (NaN: no change). */
  armKey(root: string, options?: { attributes?: boolean; ignore?: string }): void
  keyResult(): Promise<number>
  /** Resolves after the next paint and an idle period (everything queued has run). */
  settled(): Promise<number>
}

export function installProbe(): void {
  const probe = {
    longTasks: [] as { start: number; duration: number }[],
    pages: [] as { at: number; count: number; last: boolean }[],
    pending: null as Promise<number> | null,
    armKey(root: string, options: { attributes?: boolean; ignore?: string } = {}) {
      probe.pending = new Promise<number>((resolve) => {
        let started = -1
        let done = false
        const finish = (changed: boolean) => {
          if (done) return
          done = true
          observer.disconnect()
          // NaN: the key changed nothing under the root (counted apart, not as a time).
          requestAnimationFrame(() =>
            setTimeout(() => resolve(changed ? performance.now() - started : Number.NaN)),
          )
        }
        const observer = new MutationObserver((records) => {
          if (started < 0) return
          const ignore = options.ignore
          // An attribute counts when its value now differs from its value before the batch:
          // React clears and sets an input's `name` and `type` on every render (no change).
          const before = new Map<Node, Map<string, string | null>>()
          for (const record of records) {
            if (record.type !== 'attributes' || record.attributeName === null) continue
            const known = before.get(record.target) ?? new Map<string, string | null>()
            before.set(record.target, known)
            if (!known.has(record.attributeName)) known.set(record.attributeName, record.oldValue)
          }
          const relevant = records.some((record) => {
            const target =
              record.target instanceof Element ? record.target : record.target.parentElement
            if (ignore && target?.closest(ignore)) return false
            if (record.type !== 'attributes' || record.attributeName === null) return true
            // The list says it waits for hits: not the hits.
            if (record.attributeName === 'aria-busy') return false
            const old = before.get(record.target)?.get(record.attributeName)
            return old !== target?.getAttribute(record.attributeName)
          })
          if (relevant) finish(true)
        })
        const target = document.querySelector(root) ?? document.body
        observer.observe(target, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: options.attributes ?? false,
          attributeOldValue: options.attributes ?? false,
        })
        window.addEventListener(
          'keydown',
          (event) => {
            started = event.timeStamp
            // No DOM change within five seconds: the key changed nothing.
            setTimeout(() => finish(false), 5000)
          },
          { capture: true, once: true },
        )
      })
    },
    keyResult() {
      return probe.pending ?? Promise.resolve(Number.NaN)
    },
    settled() {
      return new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() =>
            requestIdleCallback(() => resolve(performance.now()), { timeout: 30_000 }),
          ),
        ),
      )
    },
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  const originalFetch = window.fetch.bind(window)
  // Counted by scanning the text, not JSON.parse: the probe must not add a second parse of
  // every page to the main thread it measures.
  const countOf = (text: string, needle: string): number => {
    let count = 0
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length))
      count++
    return count
  }
  const countResources = (body: string): void => {
    const texts = body.trimStart().startsWith('{')
      ? [body]
      : body
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
    for (const text of texts) {
      const start = text.indexOf('"resources":[')
      if (start < 0 || !text.includes('"result"')) continue
      probe.pages.push({
        at: performance.now(),
        count: countOf(text.slice(start), '"uri":'),
        last: !text.includes('"nextCursor":"'),
      })
    }
  }
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await originalFetch(input, init)
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    const body = typeof init?.body === 'string' ? init.body : ''
    if (method === 'POST' && body.includes('resources/list')) {
      response
        .clone()
        .text()
        .then(countResources, () => {})
    }
    return response
  }
  ;(window as unknown as { __probe: typeof probe }).__probe = probe
}
