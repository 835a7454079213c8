import type { Resource } from '@modelcontextprotocol/server'
import { createPrng, type Prng } from '@resource-kit/test-utils/prng'
import { nouns } from './words.ts'

/** One column of a generated table. */
export interface DbColumn {
  readonly name: string
  readonly type: string
  readonly nullable: boolean
  readonly primaryKey?: true
  /** `schema.table.column` this column points at. */
  readonly references?: string
}

export interface DbTable {
  readonly schema: string
  readonly name: string
  readonly rowCount: number
  readonly columns: readonly DbColumn[]
  readonly resource: Resource
}

export interface Database {
  /** Schema names in a stable order. */
  readonly schemas: readonly string[]
  /** Tables by schema, sorted by name. */
  readonly tables: ReadonlyMap<string, readonly DbTable[]>
}

/** Reading anything in this schema asks for confirmation first. */
export const confirmedSchema = 'prod'
/** The table that asks twice: confirmation, then a reason. */
export const twiceConfirmedTable = 'payments'
const schemaNames = [
  'public',
  'analytics',
  'billing',
  'auth',
  confirmedSchema,
  'staging',
  'archive',
]
const prodTables = ['users', 'orders', twiceConfirmedTable]
/** The smallest table count: one per schema plus the fixed production tables. */
export const minimumTables = schemaNames.length - 1 + prodTables.length

const columnTypes = [
  'text',
  'integer',
  'bigint',
  'boolean',
  'timestamptz',
  'numeric(12,2)',
  'uuid',
  'jsonb',
]
const epoch = Date.UTC(2026, 6, 1)

/** Generates `tableCount` tables over a fixed set of schemas, deterministically from `seed`. */
export function generateDatabase(seed: string, tableCount: number): Database {
  if (tableCount < minimumTables)
    throw new RangeError(`A database needs at least ${minimumTables} tables`)
  const prng = createPrng(`${seed}|database`)
  const names = new Map<string, string[]>(schemaNames.map((schema) => [schema, []]))
  names.get(confirmedSchema)!.push(...prodTables)
  for (const schema of schemaNames) {
    if (schema !== confirmedSchema) names.get(schema)!.push(prng.pick(nouns))
  }
  for (let index = minimumTables; index < tableCount; index++) {
    const list = names.get(prng.pick(schemaNames))!
    const base = prng.chance(0.5) ? prng.pick(nouns) : `${prng.pick(nouns)}_${prng.pick(nouns)}`
    let name = base
    for (let n = 2; list.includes(name); n++) name = `${base}_${n}`
    list.push(name)
  }
  const tables = new Map<string, DbTable[]>()
  for (const schema of schemaNames) {
    const list = names
      .get(schema)!
      .sort()
      .map((name) => makeTable(prng, schema, name, names))
    tables.set(schema, list)
  }
  return { schemas: schemaNames, tables }
}

function makeTable(prng: Prng, schema: string, name: string, all: Map<string, string[]>): DbTable {
  const columns: DbColumn[] = [{ name: 'id', type: 'bigint', nullable: false, primaryKey: true }]
  const used = new Set(['id'])
  const extra = prng.int(2, 10)
  for (let index = 0; index < extra; index++) {
    if (prng.chance(0.25)) {
      const target = prng.pick(all.get(schema)!)
      const column = `${target}_id`
      if (used.has(column) || target === name) continue
      used.add(column)
      columns.push({
        name: column,
        type: 'bigint',
        nullable: prng.chance(0.3),
        references: `${schema}.${target}.id`,
      })
      continue
    }
    const column = `${prng.pick(nouns)}_${prng.pick(['name', 'count', 'at', 'status', 'total', 'code'])}`
    if (used.has(column)) continue
    used.add(column)
    columns.push({ name: column, type: prng.pick(columnTypes), nullable: prng.chance(0.4) })
  }
  const rowCount = Math.round(10 * Math.exp(prng.next() * Math.log(100_000)))
  const sensitive = schema === confirmedSchema
  const table = { schema, name, rowCount, columns }
  return {
    ...table,
    resource: {
      uri: `db://${schema}/${name}`,
      name: `${schema}.${name}`,
      title: `${name} (${schema})`,
      description: `${columns.length} columns, about ${rowCount} rows${sensitive ? '; production data, asks for confirmation' : ''}`,
      mimeType: 'application/json',
      size: tableJson(table).length,
      annotations: {
        priority: sensitive ? 0.9 : Math.round(prng.next() * 60) / 100,
        audience: ['assistant'],
        lastModified: new Date(epoch - prng.int(0, 90 * 24 * 3600) * 1000).toISOString(),
      },
    },
  }
}

/** What reading a table returns: its columns as JSON. */
export function tableJson(
  table: Pick<DbTable, 'schema' | 'name' | 'rowCount' | 'columns'>,
): string {
  const { schema, name, rowCount, columns } = table
  return JSON.stringify({ schema, table: name, rowCount, columns }, null, 2)
}
