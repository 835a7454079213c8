// The API report of the published packages: every name a package's entry exports, with
// its kind and declared shape, written to api-report/<package>.api.md. `npm test` runs
// `npm run api:check`, which fails when the checked-in report differs from the source, so
// every change of a public surface shows up as a reviewed diff (`npm run api:update`
// rewrites the reports). It reads the TypeScript sources with the compiler API, so it
// needs no build (API Extractor reads built .d.ts files; this does the same job here).
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The entry points that make a package's public surface. */
const entries: Record<string, string[]> = {
  client: [
    'packages/client/src/index.ts',
    'packages/client/src/node.ts',
    'packages/client/src/bridge.ts',
  ],
  react: ['packages/react/src/index.ts', 'packages/react/src/helpers.ts'],
  search: ['packages/search/src/index.ts', 'packages/search/src/lazy.ts'],
  agent: ['packages/agent/src/index.ts', 'packages/agent/src/ai.ts'],
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p))
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options
}

const flags =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType |
  ts.TypeFormatFlags.WriteArrowStyleSignature

function kindOf(symbol: ts.Symbol): string {
  const f = symbol.flags
  if (f & ts.SymbolFlags.Class) return 'class'
  if (f & ts.SymbolFlags.Function) return 'function'
  if (f & ts.SymbolFlags.Variable) return 'const'
  if (f & ts.SymbolFlags.Interface) return 'interface'
  if (f & ts.SymbolFlags.TypeAlias) return 'type'
  if (f & ts.SymbolFlags.Enum) return 'enum'
  return 'other'
}

/** Declaration text without comments, one space for each run of whitespace. */
function declarationText(node: ts.Node, source: ts.SourceFile): string {
  const printer = ts.createPrinter({ removeComments: true })
  return printer.printNode(ts.EmitHint.Unspecified, node, source).trim()
}

/**
 * The checker spells inferred types with `import("/absolute/path").Name`: drop the path so the
 * report reads the same in every checkout (CI clones elsewhere).
 */
function withoutImportPaths(text: string): string {
  return text.replace(/import\("[^"]*"\)\./g, '')
}

function describe(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return withoutImportPaths(describeWithPaths(checker, symbol))
}

function describeWithPaths(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const decl = symbol.declarations?.[0]
  if (!decl) return '(no declaration)'
  const source = decl.getSourceFile()
  const kind = kindOf(symbol)
  if (kind === 'interface' || kind === 'type' || kind === 'enum' || kind === 'class') {
    // A class shows its public members only.
    if (ts.isClassDeclaration(decl)) {
      const members = decl.members
        .filter((m) => {
          const mods = ts.canHaveModifiers(m) ? ts.getModifiers(m) : undefined
          const hidden = mods?.some(
            (x) =>
              x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword,
          )
          return !hidden && !(m.name && ts.isPrivateIdentifier(m.name))
        })
        .map((m) => {
          if (ts.isMethodDeclaration(m) || ts.isPropertyDeclaration(m) || ts.isGetAccessor(m)) {
            const type = checker.getTypeOfSymbolAtLocation(
              checker.getSymbolAtLocation(m.name) ?? symbol,
              m,
            )
            return `  ${m.name.getText(source)}: ${checker.typeToString(type, m, flags)}`
          }
          if (ts.isConstructorDeclaration(m)) {
            return `  constructor(${m.parameters.map((p) => declarationText(p, source)).join(', ')})`
          }
          return `  ${declarationText(m, source)}`
        })
      return `class ${symbol.name} {\n${members.join('\n')}\n}`
    }
    return (
      symbol.declarations
        ?.map((d) => declarationText(d, d.getSourceFile()))
        .join('\n')
        .replace(/^export /gm, '') ?? ''
    )
  }
  const type = checker.getTypeOfSymbolAtLocation(symbol, decl)
  return `${kind} ${symbol.name}: ${checker.typeToString(type, decl, flags)}`
}

/** The report of one package, as markdown. */
export function report(program: ts.Program, name: string): string {
  const checker = program.getTypeChecker()
  const lines: string[] = []
  let total = 0
  let values = 0
  for (const entry of entries[name] ?? []) {
    const file = program.getSourceFile(join(root, entry))
    const moduleSymbol = file && checker.getSymbolAtLocation(file)
    if (!moduleSymbol) throw new Error(`api report: cannot read ${entry}`)
    const exported = checker
      .getExportsOfModule(moduleSymbol)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    lines.push(`## ${relative(root, join(root, entry))}`, '')
    for (const alias of exported) {
      const symbol = alias.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(alias) : alias
      const isValue = (symbol.flags & ts.SymbolFlags.Value) !== 0
      total++
      if (isValue) values++
      lines.push(`### \`${alias.name}\` (${isValue ? 'value' : 'type'})`, '', '```ts')
      lines.push(describe(checker, symbol), '```', '')
    }
  }
  const head = [
    `# API report: @resource-kit/${name}`,
    '',
    'Generated by `npm run api:update` from the package entry points; checked by `npm run api:check`',
    '(part of `npm test`). Review every change of this file: it is a change of the public surface.',
    '',
    `${total} exported names: ${values} values, ${total - values} types only.`,
    '',
  ]
  return `${[...head, ...lines].join('\n').trimEnd()}\n`
}

function main(): void {
  const mode = process.argv[2]
  if (mode !== 'check' && mode !== 'update') {
    console.error('usage: apiReport.ts check|update')
    process.exit(2)
  }
  const program = ts.createProgram(
    Object.values(entries)
      .flat()
      .map((e) => join(root, e)),
    {
      ...compilerOptions(),
      noEmit: true,
    },
  )
  let stale = 0
  for (const name of Object.keys(entries)) {
    const path = join(root, 'api-report', `${name}.api.md`)
    const next = report(program, name)
    let current = ''
    try {
      current = readFileSync(path, 'utf8')
    } catch {}
    if (current === next) continue
    if (mode === 'update') {
      writeFileSync(path, next)
      console.log(`api report: wrote ${relative(root, path)}`)
    } else {
      stale++
      console.error(
        `api report: ${relative(root, path)} is out of date with the source of @resource-kit/${name}.`,
      )
    }
  }
  if (stale > 0) {
    console.error('Run `npm run api:update`, review the diff, and commit it.')
    process.exit(1)
  }
}

main()
