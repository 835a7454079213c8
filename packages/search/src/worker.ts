// The module to start as a Web Worker (`@resource-kit/search/worker`), for example with
// Vite: `new Worker(new URL('@resource-kit/search/worker', import.meta.url), { type: 'module' })`.
import type { Endpoint } from 'comlink'
import { exposeResourceSearch } from './searchHost.ts'

exposeResourceSearch(globalThis as unknown as Endpoint)
