// `npm run bench`: runs every `bench/*.bench.ts` in turn (or those named on the command
// line). Each module's default export runs its own measurements and prints its ratios
// against a peer measured in the same run: these machines are noisy, so absolute times
// from different runs are never compared.
import { readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort()

for (const file of files) {
  console.log(`\n## ${basename(file, '.bench.ts')}\n`)
  const module = (await import(pathToFileURL(join(here, file)).href)) as {
    default: () => Promise<void>
  }
  await module.default()
}
