// The preview of a folder chosen in the tree: what it is and where, in place of the file
// shown before (a folder that is a resource of its own, `inode/directory`, is read instead).
export interface ChosenFolder {
  serverId: string
  label: string
  /** The folder's URI prefix, when it has one. */
  uri?: string
}

export function FolderPreview({ folder }: { folder: ChosenFolder }) {
  return (
    <section className="chat-preview" aria-label={`Folder ${folder.label}`} data-kind="folder">
      <div className="chat-preview-head">
        <div className="chat-preview-title">
          <strong>{folder.label}</strong>
          {folder.uri && (
            <span className="chat-preview-uri" title={folder.uri}>
              {folder.uri}
            </span>
          )}
        </div>
      </div>
      <p className="chat-preview-empty">
        A folder: its contents are listed under it. Choose a file to preview it here.
      </p>
    </section>
  )
}
