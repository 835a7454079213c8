// The search index's worker, for the side picker and the @ composer alike (each starts
// its own and terminates it when it unmounts).

// Vite bundles the worker from this pattern (a static URL inside `new Worker`).
export const startSearchWorker = () =>
  new Worker(new URL('./searchWorker.ts', import.meta.url), { type: 'module' })
