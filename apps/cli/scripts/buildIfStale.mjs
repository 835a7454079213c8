// Builds dist/bin.js when it is missing or older than any source it bundles (the CLI's, and
// the client's, search's and agent's). The integration tests run it under `flock`, so parallel test files build once.
import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const cliDir = dirname(dirname(fileURLToPath(import.meta.url)))
const bin = join(cliDir, 'dist', 'bin.js')

function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = 0
  for (const entry of readdirSync(path)) {
    if (entry === '__tests__' || entry === 'node_modules') continue
    latest = Math.max(latest, newest(join(path, entry)))
  }
  return latest
}

const sources = [
  join(cliDir, 'src'),
  join(cliDir, 'package.json'),
  join(cliDir, 'tsdown.config.ts'),
  join(cliDir, '..', '..', 'packages', 'client', 'src'),
  join(cliDir, '..', '..', 'packages', 'search', 'src'),
  join(cliDir, '..', '..', 'packages', 'agent', 'src'),
]
let built = 0
try {
  built = statSync(bin).mtimeMs
} catch {}
if (built < Math.max(...sources.map(newest))) {
  execFileSync(join(cliDir, '..', '..', 'node_modules', '.bin', 'tsdown'), [], {
    cwd: cliDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
