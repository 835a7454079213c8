import type { ReadResourceResult } from '@modelcontextprotocol/server'
import {
  fileReadHint,
  folderReadHint,
  logReadHint,
  privateTableReadHint,
  tableReadHint,
  ticketReadHint,
} from './cachePolicy.ts'
import type { Catalog } from './catalog.ts'
import type { DemoEntry } from './content/createDemoContent.ts'
import { confirmedSchema, tableJson } from './content/database.ts'
import { renderFile } from './content/fileContent.ts'
import type { WorkspaceEntry, WorkspaceFile } from './content/generateWorkspace.ts'
import { logTailText } from './content/logTail.ts'
import { ticketMarkdown } from './content/tickets.ts'

type Contents = ReadResourceResult['contents']

/** The complete read result of an entry, with its cache hint. */
export function readContents(
  catalog: Catalog,
  entry: DemoEntry,
  logStepMs: number,
): ReadResourceResult {
  const { seed } = catalog.content
  const { uri } = entry
  switch (entry.kind) {
    case 'file':
      return { contents: [fileContents(seed, entry)], ...fileReadHint }
    case 'folder': {
      // A folder reads as its children: files with their bodies, sub-folders as listings.
      const contents: Contents = (catalog.children(entry.path) ?? []).map((child) =>
        child.kind === 'file'
          ? fileContents(seed, child)
          : { uri: child.uri, mimeType: 'inode/directory', text: listing(catalog, child) },
      )
      return { contents, ...folderReadHint }
    }
    case 'table': {
      const hint = entry.table.schema === confirmedSchema ? privateTableReadHint : tableReadHint
      const text = tableJson(entry.table)
      return { contents: [{ uri, mimeType: 'application/json', text }], ...hint }
    }
    case 'ticket': {
      const text = ticketMarkdown(seed, entry.ticket)
      return { contents: [{ uri, mimeType: 'text/markdown', text }], ...ticketReadHint }
    }
    case 'log': {
      const text = logTailText(seed, catalog.live.logTick, logStepMs)
      return { contents: [{ uri, mimeType: 'text/plain', text }], ...logReadHint }
    }
  }
}

function fileContents(seed: string, file: WorkspaceFile): Contents[number] {
  const { uri, path, fileKind, spec } = file
  return { uri, mimeType: fileKind.mimeType, ...renderFile(seed, path, fileKind, spec) }
}

/** A folder's child names, one per line, sub-folders with a trailing slash. */
function listing(catalog: Catalog, folder: WorkspaceEntry): string {
  const names = (catalog.children(folder.path) ?? []).map((child) =>
    child.path.slice(folder.path.length),
  )
  return names.length > 0 ? `${names.join('\n')}\n` : ''
}
