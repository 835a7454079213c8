// The search index runs in this Web Worker (started by startSearchWorker.ts for the picker
// and the composer): building and querying 100,000 resources never blocks the page.
import '@resource-kit/search/worker'
