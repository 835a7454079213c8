// The search index's worker: one, for the index the side picker and the @ composer share
// (App's `useResourceSearch`, which terminates it when it unmounts).

// Vite bundles the worker from this pattern (a static URL inside `new Worker`).
export const startSearchWorker = () =>
  new Worker(new URL('./searchWorker.ts', import.meta.url), { type: 'module' })
