import { fileURLToPath } from 'node:url'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { describe } from 'vitest'
import { describeDemoBehaviour } from './demoBehaviour.ts'

const count = 2000
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const main = fileURLToPath(new URL('../main.ts', import.meta.url))

describe('demo server over stdio (node --import tsx main.ts --stdio)', () => {
  describeDemoBehaviour(() => ({
    count,
    transport: () =>
      new StdioClientTransport({
        command: process.execPath,
        args: [
          '--conditions=@resource-kit/source',
          '--import',
          'tsx',
          main,
          '--stdio',
          '--count',
          String(count),
          '--log-interval',
          '100',
          '--file-interval',
          '400',
        ],
        cwd: repoRoot,
        stderr: 'ignore',
      }),
  }))
})
