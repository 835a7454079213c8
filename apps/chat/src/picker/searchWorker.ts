// The picker's search index runs in this Web Worker (see PickerPanel.tsx): building and
// querying 100,000 resources never blocks the page.
import '@resource-kit/search/worker'
