import type { Prng } from '@resource-kit/test-utils/prng'
import { adjectives, nouns, people, verbs } from './words.ts'

/** What the generator knows about one file extension. */
export interface FileKind {
  readonly ext: string
  /** Human description, e.g. 'TypeScript module'. */
  readonly label: string
  readonly mimeType: string
  readonly binary: boolean
  /** Makes a file name (without uniqueness suffix). */
  readonly name: (prng: Prng) => string
  /** Makes one line of plausible text content (text kinds only). */
  readonly line: (prng: Prng) => string
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1)
const camel = (prng: Prng) => `${prng.pick(verbs)}${capital(prng.pick(nouns))}`
const kebab = (prng: Prng) => `${prng.pick(nouns)}-${prng.pick([...verbs, ...adjectives])}`
const noLine = () => ''

const tsLine = (prng: Prng) =>
  prng.pick([
    () => `export function ${camel(prng)}(${prng.pick(nouns)}: string): boolean {`,
    () => `  const ${prng.pick(nouns)} = await ${camel(prng)}(${prng.pick(nouns)}Id)`,
    () => `  if (!${prng.pick(nouns)}) return ${prng.pick(['null', 'undefined', 'false', '[]'])}`,
    () => `import { ${camel(prng)} } from './${prng.pick(nouns)}.ts'`,
    () =>
      `// TODO(${prng.pick(people)}): ${prng.pick(verbs)} the ${prng.pick(adjectives)} ${prng.pick(nouns)}`,
    () => '}',
  ])()

const markdownLine = (prng: Prng) =>
  prng.pick([
    () => `## ${capital(prng.pick(verbs))} a ${prng.pick(nouns)}`,
    () =>
      `- ${capital(prng.pick(adjectives))} ${prng.pick(nouns)}s are ${prng.pick(verbs)}ed on save.`,
    () =>
      `The ${prng.pick(nouns)} service calls \`${camel(prng)}()\` before each ${prng.pick(nouns)}.`,
    () => '',
  ])()

const kinds: FileKind[] = [
  {
    ext: 'ts',
    label: 'TypeScript module',
    mimeType: 'text/typescript',
    binary: false,
    name: camel,
    line: tsLine,
  },
  {
    ext: 'tsx',
    label: 'React component',
    mimeType: 'text/tsx',
    binary: false,
    name: (prng) =>
      `${capital(prng.pick(nouns))}${capital(prng.pick(['view', 'list', 'card', 'panel', 'form']))}`,
    line: (prng) =>
      prng.pick([
        tsLine,
        (p: Prng) => `    <${capital(p.pick(nouns))} ${p.pick(nouns)}={${p.pick(nouns)}} />`,
      ])(prng),
  },
  {
    ext: 'js',
    label: 'JavaScript script',
    mimeType: 'text/javascript',
    binary: false,
    name: kebab,
    line: (prng) => `console.log('${prng.pick(verbs)} ${prng.pick(nouns)}', ${prng.int(0, 999)})`,
  },
  {
    ext: 'md',
    label: 'Markdown document',
    mimeType: 'text/markdown',
    binary: false,
    name: kebab,
    line: markdownLine,
  },
  {
    ext: 'css',
    label: 'Stylesheet',
    mimeType: 'text/css',
    binary: false,
    name: (prng) => prng.pick(nouns),
    line: (prng) =>
      `.${prng.pick(nouns)}-${prng.pick(nouns)} { ${prng.pick(['margin', 'padding', 'gap'])}: ${prng.int(0, 32)}px; }`,
  },
  {
    ext: 'json',
    label: 'JSON data',
    mimeType: 'application/json',
    binary: false,
    name: (prng) => prng.pick(nouns),
    line: noLine,
  },
  {
    ext: 'yaml',
    label: 'YAML config',
    mimeType: 'application/yaml',
    binary: false,
    name: (prng) => prng.pick(nouns),
    line: (prng) => `${prng.pick(nouns)}_${prng.pick(nouns)}: ${prng.int(1, 500)}`,
  },
  {
    ext: 'toml',
    label: 'TOML config',
    mimeType: 'application/toml',
    binary: false,
    name: (prng) => prng.pick(nouns),
    line: (prng) => `${prng.pick(nouns)} = "${prng.pick(adjectives)}"`,
  },
  {
    ext: 'sh',
    label: 'Shell script',
    mimeType: 'application/x-sh',
    binary: false,
    name: kebab,
    line: (prng) =>
      `${prng.pick(['echo', 'npm run', 'git'])} ${prng.pick(verbs)}-${prng.pick(nouns)}`,
  },
  {
    ext: 'py',
    label: 'Python script',
    mimeType: 'text/x-python',
    binary: false,
    name: (prng) => `${prng.pick(verbs)}_${prng.pick(nouns)}`,
    line: (prng) =>
      `    ${prng.pick(nouns)} = ${prng.pick(verbs)}_${prng.pick(nouns)}(${prng.int(0, 9)})`,
  },
  {
    ext: 'csv',
    label: 'CSV export',
    mimeType: 'text/csv',
    binary: false,
    name: (prng) => `${prng.pick(nouns)}-export`,
    line: (prng) =>
      `${prng.int(1, 99999)},${prng.pick(people)},${prng.pick(nouns)},${prng.int(0, 9999) / 100}`,
  },
  {
    ext: 'png',
    label: 'PNG image',
    mimeType: 'image/png',
    binary: true,
    name: kebab,
    line: noLine,
  },
  {
    ext: 'pdf',
    label: 'PDF report',
    mimeType: 'application/pdf',
    binary: true,
    name: (prng) => `${prng.pick(nouns)}-report`,
    line: noLine,
  },
]

/** Every file kind, keyed by extension. */
export const fileKinds: ReadonlyMap<string, FileKind> = new Map(
  kinds.map((kind) => [kind.ext, kind]),
)

/** The extension mix of each top-level folder (weights). */
export const folderMix: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  src: { ts: 50, tsx: 25, css: 10, json: 5, md: 3 },
  docs: { md: 70, pdf: 15, png: 15 },
  assets: { png: 60, json: 10, css: 10, pdf: 5, csv: 15 },
  config: { json: 50, yaml: 30, toml: 20 },
  tests: { ts: 80, json: 20 },
  scripts: { sh: 40, py: 30, js: 30 },
  packages: { ts: 50, json: 20, md: 20, css: 10 },
}

const mixes = new Map(
  Object.entries(folderMix).map(([folder, mix]) => {
    const entries = Object.entries(mix)
    return [folder, { entries, total: entries.reduce((sum, [, weight]) => sum + weight, 0) }]
  }),
)

/** Picks an extension for a file under `topFolder`, by weight. */
export function pickExtension(prng: Prng, topFolder: string): string {
  const { entries, total } = mixes.get(topFolder) ?? mixes.get('src')!
  let roll = prng.next() * total
  for (const [ext, weight] of entries) {
    roll -= weight
    if (roll < 0) return ext
  }
  return entries[0]![0]
}
