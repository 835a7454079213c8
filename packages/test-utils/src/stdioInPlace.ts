// The SDK's stdio transport, probing in place. With `versionNegotiation: 'auto'`, the
// SDK runs its `server/discover` probe on a throw-away sibling process when the transport
// is exactly its own `StdioClientTransport` (so a server that exits on an unknown request
// costs nothing), and on the connection itself for a subclass. Negotiation stays real;
// only the extra process start (seconds for a server run through tsx on a loaded
// machine) is saved. For tests that are not about the sibling probe; the servers used
// here all answer an unknown request instead of exiting.
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

export class StdioInPlaceTransport extends StdioClientTransport {}
