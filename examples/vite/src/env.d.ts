/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The MCP server the page connects to (Streamable HTTP; it must allow this origin). */
  readonly VITE_MCP_SERVER_URL?: string
}
