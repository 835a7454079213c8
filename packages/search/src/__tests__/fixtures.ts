// Deterministic synthetic resources for the search tests and `bench/search.bench.ts`:
// file-, db-, repo- and ticket-style URIs with realistic names, titles and descriptions.
import { createPrng } from '@resource-kit/test-utils/prng'

/** A synthetic resource: the searchable fields plus the resource fields the picker reads. */
export interface FixtureResource {
  id: string
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
}

const PROJECTS = [
  'web-app',
  'api-server',
  'admin_portal',
  'mobile-app',
  'design-system',
  'data-pipeline',
  'docs-site',
  'auth-service',
  'billing-service',
  'search-indexer',
  'notification_worker',
  'analytics-dashboard',
  'payment-gateway',
  'edge-proxy',
  'ml-training',
  'customer-portal',
]
const ADJECTIVES = ['Primary', 'Secondary', 'Icon', 'Large', 'Compact', 'Animated', 'Lazy', 'Base']
const NOUNS = [
  'Button',
  'Modal',
  'Dialog',
  'Tooltip',
  'DatePicker',
  'Sidebar',
  'NavBar',
  'UserProfile',
  'SettingsPanel',
  'Table',
  'Dropdown',
  'Avatar',
  'Card',
  'Header',
  'Footer',
  'SearchInput',
  'Tabs',
  'Toast',
  'Checkbox',
  'InvoiceList',
  'OrderSummary',
  'LoginForm',
  'Pagination',
  'Breadcrumbs',
  'FileUpload',
]
const SUFFIXES = ['', '', '', 'Group', 'Item', 'List', 'Container', 'Skeleton', 'Provider']
const HOOK_WORDS = [
  'Auth',
  'Fetch',
  'Debounce',
  'LocalStorage',
  'Theme',
  'Session',
  'Query',
  'Toast',
]
const UTIL_WORDS = ['format-date', 'string-utils', 'parse_query', 'retry', 'logger', 'http-client']
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  'getting-started.md',
  'architecture.md',
  'deploy-guide.md',
]
const CONFIGS = ['package.json', 'tsconfig.json', 'vite.config.ts', '.eslintrc.json', 'Dockerfile']
const ENVS = ['prod', 'staging', 'dev']
const DATABASES = ['shop', 'accounts', 'analytics', 'billing', 'inventory']
const TABLES = [
  'user_accounts',
  'orders',
  'order_items',
  'invoices',
  'payments',
  'products',
  'sessions',
  'audit_log',
  'customers',
  'shipping-addresses',
]
const ORGS = ['acme', 'globex', 'initech']
const ISSUE_VERBS = ['Fix', 'Add', 'Improve', 'Remove', 'Refactor', 'Investigate', 'Document']
const ISSUE_OBJECTS = [
  'login redirect loop',
  'button alignment',
  'dialog focus trap',
  'dark mode',
  'slow query on orders',
  'large file uploads',
  'date picker timezone',
  'search ranking',
  'invoice totals',
  'session expiry',
  'tooltip flicker',
  'payment retries',
]
const ISSUE_CONTEXTS = [
  '',
  '',
  'in Safari',
  'on mobile',
  'for admins',
  'after deploy',
  'in settings',
]
const MONOREPO = ['', '', 'packages/ui/', 'packages/app/', 'apps/web/', 'apps/admin/']

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!
}

function issueTitle(random: () => number): string {
  return `${pick(random, ISSUE_VERBS)} ${pick(random, ISSUE_OBJECTS)} ${pick(random, ISSUE_CONTEXTS)}`.trim()
}

function fileResource(random: () => number, serial: number): FixtureResource {
  const project = pick(random, PROJECTS)
  const roll = random()
  let dir: string
  let name: string
  let mimeType: string
  let title: string | undefined
  let description: string | undefined
  if (roll < 0.45) {
    const noun = pick(random, NOUNS)
    const base = `${random() < 0.4 ? pick(random, ADJECTIVES) : ''}${noun}${pick(random, SUFFIXES)}`
    const test = random() < 0.2
    const root = `${pick(random, MONOREPO)}src/components`
    dir = test ? `${root}/__tests__` : `${root}/${noun.toLowerCase()}`
    name = `${base}${test ? '.test' : ''}.tsx`
    mimeType = 'text/typescript'
    if (random() < 0.4) title = `${base.replace(/([a-z])([A-Z])/g, '$1 $2')} component`
    if (random() < 0.5) description = `React component that renders a ${noun.toLowerCase()}.`
  } else if (roll < 0.6) {
    const hook = `use${pick(random, HOOK_WORDS)}${random() < 0.3 ? pick(random, HOOK_WORDS) : ''}`
    dir = `${pick(random, MONOREPO)}src/hooks`
    name = `${hook}.ts`
    mimeType = 'text/typescript'
    if (random() < 0.5) description = `React hook ${hook} with caching and cleanup on unmount.`
  } else if (roll < 0.72) {
    dir = `${pick(random, MONOREPO)}${pick(random, ['src/utils', 'lib', 'scripts'])}`
    name = `${pick(random, UTIL_WORDS)}${random() < 0.3 ? `-${serial % 97}` : ''}.ts`
    mimeType = 'text/typescript'
    if (random() < 0.3) description = 'Shared helper used across the project.'
  } else if (roll < 0.82) {
    dir = pick(random, ['docs', 'docs/guides', '.'])
    name = pick(random, DOCS)
    mimeType = 'text/markdown'
    if (random() < 0.5) title = name.replace(/\.md$/, '').replace(/[-_]/g, ' ')
  } else if (roll < 0.9) {
    dir = pick(random, ['.', 'config', `packages/${pick(random, ['core', 'ui', 'cli'])}`])
    name = pick(random, CONFIGS)
    mimeType = name.endsWith('.json') ? 'application/json' : 'text/plain'
  } else if (roll < 0.96) {
    dir = pick(random, ['public/assets', 'public/images'])
    name = `${pick(random, ['logo', 'hero_banner', 'avatar-placeholder', 'icon'])}-${serial % 50}.png`
    mimeType = 'image/png'
  } else {
    dir = pick(random, ['src', 'src/components', 'docs', 'migrations'])
    name = dir.split('/').pop()!
    mimeType = 'inode/directory'
  }
  const path = mimeType === 'inode/directory' ? dir : dir === '.' ? name : `${dir}/${name}`
  const uri = `file:///workspace/${project}/${path}`
  return { id: uri, uri, name, title, description, mimeType }
}

function databaseResource(random: () => number, serial: number): FixtureResource {
  const env = pick(random, ENVS)
  const database = pick(random, DATABASES)
  const table = pick(random, TABLES)
  if (random() < 0.6) {
    const uri = `db://${env}/${database}/public/${table}/${serial}`
    return {
      id: uri,
      uri,
      name: `${table} #${serial}`,
      description: random() < 0.3 ? `Row ${serial} of ${database}.${table}` : undefined,
      mimeType: 'application/json',
    }
  }
  const uri = `db://${env}/${database}/public/${table}`
  return {
    id: uri,
    uri,
    name: table,
    title: table.replace(/[-_]/g, ' '),
    description: `Table ${table} in ${database} (${env}).`,
    mimeType: 'application/sql',
  }
}

function repoResource(random: () => number, serial: number): FixtureResource {
  const org = pick(random, ORGS)
  const repo = pick(random, PROJECTS)
  if (random() < 0.5) {
    const title = issueTitle(random)
    const uri = `repo://${org}/${repo}/issues/${serial}`
    return {
      id: uri,
      uri,
      name: `#${serial} ${title}`,
      title,
      description: `Issue in ${org}/${repo}.`,
      mimeType: 'text/markdown',
    }
  }
  const noun = pick(random, NOUNS)
  const path = `src/${noun.toLowerCase()}/${noun}${pick(random, SUFFIXES)}.ts`
  const uri = `git://github.com/${org}/${repo}/blob/main/${path}`
  return { id: uri, uri, name: path.split('/').pop()!, mimeType: 'text/typescript' }
}

function ticketResource(random: () => number, serial: number): FixtureResource {
  const key = pick(random, ['WEB', 'API', 'OPS', 'PAY'])
  const uri = `jira://tickets/${key}-${serial}`
  const title = issueTitle(random)
  const description =
    random() < 0.5 ? `Reported by support. Steps: open the app, ${title.toLowerCase()}.` : undefined
  return {
    id: uri,
    uri,
    name: `${key}-${serial}`,
    title,
    description,
    mimeType: 'application/json',
  }
}

/** `count` distinct resources, the same for the same `seed`. */
export function generateResources(count: number, seed = 1): FixtureResource[] {
  const prng = createPrng(seed)
  const random = () => prng.next()
  const seen = new Set<string>()
  const items: FixtureResource[] = []
  // Project roots as folders: the targets of queries like `webapp`.
  for (const project of PROJECTS) {
    const uri = `file:///workspace/${project}`
    seen.add(uri)
    items.push({ id: uri, uri, name: project, mimeType: 'inode/directory' })
  }
  let serial = 0
  while (items.length < count) {
    serial += 1
    const roll = random()
    const item =
      roll < 0.6
        ? fileResource(random, serial)
        : roll < 0.8
          ? databaseResource(random, serial)
          : roll < 0.93
            ? repoResource(random, serial)
            : ticketResource(random, serial)
    if (seen.has(item.uri)) continue
    seen.add(item.uri)
    items.push(item)
  }
  return items.slice(0, count)
}
