// The stdio fixtures as plain JavaScript. Run through tsx, a fixture spends most of its
// start-up in tsx's loader (every module the SDK brings in crosses to tsx's hook thread),
// which is seconds per start on a loaded machine, and the tests start many. So this
// package's sources are transpiled once (TypeScript's `transpileModule`: no type check,
// `.ts` imports rewritten to `.js`) into a cache keyed by their content, and the fixtures
// run on plain `node`. Concurrent test files may build at the same time: each writes its
// own directory and renames it into place; the first rename wins, and the copies are equal.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const sourceDir = fileURLToPath(new URL('.', import.meta.url))
// Under the package, so the SDK resolves from node_modules as it does for the sources.
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/stdio-fixtures/', import.meta.url))

/** The path of `<name>.ts` of this package as JavaScript, building it if needed. */
export function compiledScript(
  name: 'fixtureStdio' | 'legacyStdio' | 'fixtureHttp' | 'legacyHttpMain',
): string {
  const sources = readdirSync(sourceDir)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(sourceDir, file), 'utf8') }))
  const require = createRequire(import.meta.url)
  // The compiler's version from its package.json: loading the compiler itself takes a while.
  const hash = createHash('sha256').update(readFileSync(require.resolve('typescript/package.json')))
  for (const { file, text } of sources) hash.update(`\0${file}\0${text}`)
  const outDir = join(cacheDir, hash.digest('hex').slice(0, 16))
  const script = join(outDir, `${name}.js`)
  if (existsSync(script)) return script

  const ts = require('typescript') as typeof import('typescript')
  const building = `${outDir}.${process.pid}.${Date.now()}`
  mkdirSync(building, { recursive: true })
  writeFileSync(join(building, 'package.json'), '{ "type": "module" }\n')
  for (const { file, text } of sources) {
    const { outputText } = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        rewriteRelativeImportExtensions: true,
      },
    })
    writeFileSync(join(building, file.replace(/\.ts$/, '.js')), outputText)
  }
  try {
    renameSync(building, outDir)
  } catch {
    // Another test file built the same sources first.
    rmSync(building, { recursive: true, force: true })
  }
  return script
}
