// The bare walk of `?peer=wire-worker`: the same fetch calls as `?peer=wire`, run in a Web
// Worker, so the page's main thread pays none of them. Is the walk faster off that thread?
import { walkAllWire } from './walkWire.ts'

addEventListener('message', async (event: MessageEvent<string[]>) => {
  const started = performance.now()
  try {
    const walked = await walkAllWire(event.data)
    postMessage({ walked, walkMs: performance.now() - started })
  } catch (error) {
    postMessage({ error: String(error) })
  }
})
