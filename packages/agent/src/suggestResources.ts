// Suggestions for a message draft: which resources (and templates, to fill) of every
// connected server the text is about, best first, each with the reasons it was chosen.
// The lists come from the client's shared list pass (`resourceList` / `templateList`): a
// list not walked yet is loaded once, within the pass's cap and the call's signal; after
// that every call reads what is loaded (the pass keeps it fresh), so typing never walks a
// server. The ranking is @resource-kit/search over the draft's keywords (any order, partial
// words, small typos, rare words weighing more); a host may hand the best candidates to a
// model to choose (`selectContext`), with a deadline and this ranking as the fallback.
import {
  type ListSnapshot,
  type Resource,
  type ResourceClient,
  type ResourceTemplate,
  type SharedList,
  templateVariables,
} from '@resource-kit/client'
import { createResourceSearch, type SearchHit } from '@resource-kit/search'
import { type MatchedField, matchedFields } from './matchSnippet.ts'
import { resourceItem, type ServerItem, templateItem } from './serverItem.ts'

/** Why a suggestion was made. */
export interface SuggestionReasons {
  /** Words of the text the suggestion holds (lower-cased, as in the text). */
  words: string[]
  /** Each field that matched, matched characters in «…». */
  matched: MatchedField[]
  /** The server's `priority` annotation (0..1), when it has one. */
  priority?: number
  /** The server's `audience` annotation, when it has one. */
  audience?: readonly string[]
  /** The server's `lastModified` annotation, when it has one. */
  lastModified?: string
  /** Already attached (the host said so): shown, never strong. */
  attached: boolean
  /** Who put it where it is: this ranking, or the host's `selectContext` (a model). */
  chosenBy: 'heuristic' | 'model'
}

interface SuggestionBase {
  /** `server` and `uri` in one string: what `selectContext` returns to choose it. */
  id: string
  server: string
  /** The resource's URI, or the template's URI template. */
  uri: string
  /** A name to show: the title, else the name. */
  label: string
  /** How well it fits the text, 1 best; suggestions come sorted by it. */
  score: number
  /**
   * `strong`: the text is about this one: it is the best match (or as good), holds two of
   * the text's keywords (or its only one) and nearly half their weight or more (rarer words
   * weigh more), and no other item holds them as well; or a model chose it.
   * `weak`: related; show it on request, never attach it on its own.
   */
  strength: 'strong' | 'weak'
  reasons: SuggestionReasons
}

/** One suggestion: a resource to attach, or a template to fill (with its variables). */
export type ResourceSuggestion = SuggestionBase &
  (
    | { kind: 'resource'; resource: Resource }
    | { kind: 'template'; template: ResourceTemplate; variables: string[] }
  )

/** What a `selectContext` is given. */
export interface SelectContextRequest {
  text: string
  /** The heuristic's best candidates, best first. */
  candidates: readonly ResourceSuggestion[]
  /** Aborts at the deadline (`selectTimeoutMs`) or with the call's signal. */
  signal: AbortSignal
}

/**
 * Chooses which candidates the text needs, most relevant first, by `id` (unknown ids are
 * ignored). Typically a model call: `selectContextWithModel` in `@resource-kit/agent/ai`.
 */
export type SelectContext = (request: SelectContextRequest) => Promise<readonly string[]>

export interface SuggestResourcesOptions {
  /** Servers whose lists are read. @default every server of the client */
  servers?: readonly string[]
  /** Most suggestions returned. @default 5 */
  limit?: number
  /** Suggest templates (to fill) too. @default true */
  templates?: boolean
  /** Already attached resources: marked `attached`, never strong (a composer shows them no ghost chip). */
  attached?: readonly { server: string; uri: string }[]
  /**
   * Whose context this is for: `user` leaves out resources meant for the assistant only,
   * `assistant` those meant for the user only. @default both
   */
  audience?: 'user' | 'assistant'
  /** Hands the best candidates to a model to choose (see `SelectContext`). */
  selectContext?: SelectContext
  /** How long `selectContext` may take before the heuristic ranking is used. @default 3000 */
  selectTimeoutMs?: number
  /** Candidates handed to `selectContext`. @default 10 */
  candidates?: number
  /** Cancels the call (it rejects with the signal's reason); a list load it started pauses. */
  signal?: AbortSignal
}

/** How one server's lists were read. */
export interface SuggestionServerReport {
  server: string
  /** Resources and templates searched. */
  items: number
  /** Both lists were walked to their end (not stopped at the pass's cap or by an error). */
  complete: boolean
  /** Why a list could not be read (what was loaded before is still searched). */
  error?: Error
}

export interface SuggestResourcesResult {
  /** Best first, at most `limit`; weak ones included (see `strength`). */
  suggestions: ResourceSuggestion[]
  /**
   * The strong ones only: empty when the text is about nothing in particular ("thanks!",
   * or words many resources share). An automatic inclusion takes these, never the others.
   */
  strong: ResourceSuggestion[]
  /** `model` when `selectContext` answered in time; `heuristic` otherwise (see `selectError`). */
  selectedBy: 'heuristic' | 'model'
  /** Why `selectContext` was not used (a deadline, a failure). */
  selectError?: Error
  /** What was read of each server (none when the text has nothing to look for). */
  servers: SuggestionServerReport[]
}

/** Keeps one search index over the servers' lists across calls (for a host suggesting as the user types). */
export interface ResourceSuggester {
  suggest(text: string, options?: SuggestResourcesOptions): Promise<SuggestResourcesResult>
}

const DEFAULT_LIMIT = 5
const DEFAULT_CANDIDATES = 10
const DEFAULT_SELECT_TIMEOUT_MS = 3000
/** Keywords searched at most: the longest of the text's (they are the most specific). */
const MAX_KEYWORDS = 8
/** Hits read from the search: enough to count look-alikes of the best ones. */
const HITS_READ = 50
/** A draft names its subject among other words: a hit holds this share of the keywords' weight at least. */
const MIN_COVERAGE = 0.3
/** A strong suggestion holds this share of the text's weighted keywords at least... */
const STRONG_COVERAGE = 0.45
/** ...and at most this many items (itself included) hold them as well. */
const STRONG_LOOK_ALIKES = 1
/** A strong suggestion is the best hit, or this close to it. */
const STRONG_MARGIN = 0.002
/** Hits whose scores differ by less than this hold the text as well as each other. */
const SAME_SCORE = 0.004
/** A search score below this is the text as typed in a name, title or URI word (tiers 0–1 of 6). */
const TIGHT_PHRASE_SCORE = 2 / 6

/** Words that say nothing about which resource a message is about. */
const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being
  below between both but by can cannot could did do does doing done dont down during each
  either else ever every few for from further get gets got had has have having he her here
  hers him his how i if in into is isnt it its itself just let lets like look looks make me
  might more most much must my need needs no nor not now of off on once only or other our
  out over own please same see she should show so some such tell than thank thanks that the
  their them then there these they this those through to too under until up use used using
  very want was we were what when where which while who whom why will with would yes yet you
  your hi hello hey ok okay sure help check find open work works working give take put`.split(
    /\s+/,
  ),
)

/**
 * The keywords of a draft: its words without stop words, punctuation split off, a plural's
 * `s` dropped (the search matches word prefixes: `alert` finds alert and alerts), at most
 * MAX_KEYWORDS (the longest).
 */
export function draftKeywords(text: string): string[] {
  const words: string[] = []
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue
    const word = raw.length > 4 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw
    if (!words.includes(word)) words.push(word)
  }
  if (words.length <= MAX_KEYWORDS) return words
  const longest = [...words].sort((a, b) => b.length - a.length).slice(0, MAX_KEYWORDS)
  return words.filter((word) => longest.includes(word))
}

/** Suggestions for `text` from every server's lists (one call; a host suggesting per keystroke keeps a `createResourceSuggester`). */
export function suggestResources(
  client: ResourceClient,
  text: string,
  options: SuggestResourcesOptions = {},
): Promise<SuggestResourcesResult> {
  return createResourceSuggester(client).suggest(text, options)
}

/** A suggester whose search index follows the lists' snapshots: a call re-indexes only what changed. */
export function createResourceSuggester(client: ResourceClient): ResourceSuggester {
  const search = createResourceSearch<ServerItem>({ limit: HITS_READ })
  /** The page arrays the index was built from, per server and list. */
  let indexed = new Map<string, unknown>()

  /** Each server's lists as loaded (walked first if never walked), with what to report. */
  async function read(
    servers: readonly string[],
    templates: boolean,
    signal: AbortSignal | undefined,
  ): Promise<{ sources: Source[]; reports: SuggestionServerReport[] }> {
    const sources: Source[] = []
    const reports = await Promise.all(
      servers.map(async (server): Promise<SuggestionServerReport> => {
        const snapshot = client.getServer(server)
        if (snapshot === undefined)
          return { server, items: 0, complete: false, error: new Error(`no server "${server}"`) }
        if (snapshot.capabilities && snapshot.capabilities.resources === undefined) {
          return { server, items: 0, complete: true }
        }
        const [resources, found] = await Promise.all([
          loaded(client.resourceList(server), signal),
          templates ? loaded(client.templateList(server), signal) : undefined,
        ])
        signal?.throwIfAborted()
        sources.push({ server, resources: resources.pages, templates: found?.pages ?? [] })
        const error = resources.error ?? found?.error
        return {
          server,
          items: resources.loaded + (found?.loaded ?? 0),
          complete: resources.complete && (found?.complete ?? true),
          ...(error && { error }),
        }
      }),
    )
    return { sources, reports }
  }

  return {
    async suggest(text, options = {}) {
      const { signal } = options
      signal?.throwIfAborted()
      const keywords = draftKeywords(text)
      const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT))
      // Nothing to look for (an empty draft, small talk): no list is read, nothing indexed.
      if (keywords.length === 0) return result([], limit, 'heuristic', [])
      const servers = options.servers ?? client.getServers().map((server) => server.id)
      const { sources, reports } = await read(servers, options.templates !== false, signal)
      // Re-index only when a list's pages changed (the same arrays while nothing did).
      const pages = new Map<string, unknown>()
      for (const source of sources) {
        pages.set(`${source.server}\u0000resources`, source.resources)
        pages.set(`${source.server}\u0000templates`, source.templates)
      }
      const changed =
        pages.size !== indexed.size || [...pages].some(([key, value]) => indexed.get(key) !== value)
      if (changed) {
        search.setItems(entriesOf(sources))
        indexed = pages
      }
      const hits = search
        .search(keywords.join(' '), {
          limit: HITS_READ,
          minCoverage: MIN_COVERAGE,
          ignoreUnknownWords: true,
        })
        .filter(
          (hit) => servers.includes(hit.item.server) && fitsAudience(hit.item, options.audience),
        )
      const ranked = rank(hits, keywords, options.attached ?? [])
      const count = Math.max(limit, options.candidates ?? DEFAULT_CANDIDATES)
      const heuristic = ranked.slice(0, count)
      if (!options.selectContext || heuristic.length === 0) {
        return result(heuristic, limit, 'heuristic', reports)
      }
      try {
        const chosen = await withDeadline(
          (deadline) => options.selectContext!({ text, candidates: heuristic, signal: deadline }),
          options.selectTimeoutMs ?? DEFAULT_SELECT_TIMEOUT_MS,
          client,
          signal,
        )
        return result(byModel(heuristic, chosen), limit, 'model', reports)
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        return { ...result(heuristic, limit, 'heuristic', reports), selectError: error as Error }
      }
    },
  }
}

/** One server's lists as loaded. */
interface Source {
  server: string
  resources: readonly (readonly Resource[])[]
  templates: readonly (readonly ResourceTemplate[])[]
}

/** The search items of every server's resources and templates. */
function entriesOf(sources: readonly Source[]): ServerItem[] {
  const entries: ServerItem[] = []
  for (const { server, resources, templates } of sources) {
    for (const page of resources) {
      for (const resource of page) {
        entries.push(resourceItem(suggestionId(server, resource.uri), server, resource))
      }
    }
    for (const page of templates) {
      for (const template of page) {
        entries.push(templateItem(suggestionId(server, template.uriTemplate), server, template))
      }
    }
  }
  return entries
}

/** The id a suggestion has, and `selectContext` answers with. */
export function suggestionId(server: string, uri: string): string {
  return `${server} ${uri}`
}

/** A shared list as loaded: walked now if it was never walked to its end or cap (and did not fail). */
async function loaded<T>(
  list: SharedList<T>,
  signal: AbortSignal | undefined,
): Promise<ListSnapshot<T>> {
  const snapshot = list.getSnapshot()
  const settled =
    snapshot.complete || snapshot.capped || (snapshot.error !== undefined && !snapshot.loading)
  return settled ? snapshot : await list.load({ ...(signal && { signal }) })
}

function fitsAudience(entry: ServerItem, audience: 'user' | 'assistant' | undefined): boolean {
  if (audience === undefined) return true
  const annotations =
    entry.kind === 'resource' ? entry.resource.annotations : entry.template.annotations
  const listed = annotations?.audience
  return !Array.isArray(listed) || listed.length === 0 || listed.includes(audience)
}

/** Hits → suggestions, best first: the search's order, ties broken by priority and recency. */
function rank(
  hits: readonly SearchHit<ServerItem>[],
  keywords: readonly string[],
  attached: readonly { server: string; uri: string }[],
): ResourceSuggestion[] {
  const attachedIds = new Set(attached.map((each) => suggestionId(each.server, each.uri)))
  const suggestions = hits.map((hit, index) => {
    const { item } = hit
    const annotations =
      item.kind === 'resource' ? item.resource.annotations : item.template.annotations
    const priority = typeof annotations?.priority === 'number' ? annotations.priority : undefined
    const isAttached = attachedIds.has(item.id)
    // An any-order hit says which words it holds (a typo too); the phrase as typed holds all.
    const tight = hit.score < TIGHT_PHRASE_SCORE
    const held = hit.words ?? (tight ? keywords.map(compactWord) : [])
    const words = keywords.filter((word) => held.includes(compactWord(word)))
    const coverage = hit.coverage ?? (tight ? 1 : 0)
    const lookAlikes = hits.filter((other) => Math.abs(other.score - hit.score) < SAME_SCORE).length
    // About this one: the text's keywords (two of them, or the only one) held as by no more
    // than two others.
    const specific = words.length >= 2 || (keywords.length === 1 && coverage === 1)
    const best = index === 0 || hits[0]!.score >= hit.score - STRONG_MARGIN
    const strong =
      !isAttached &&
      best &&
      specific &&
      coverage >= STRONG_COVERAGE &&
      lookAlikes <= STRONG_LOOK_ALIKES
    const reasons: SuggestionReasons = {
      words,
      matched: matchedFields(item, hit.matches),
      ...(priority !== undefined && { priority }),
      ...(Array.isArray(annotations?.audience) && { audience: annotations.audience }),
      ...(typeof annotations?.lastModified === 'string' && {
        lastModified: annotations.lastModified,
      }),
      attached: isAttached,
      chosenBy: 'heuristic',
    }
    const base = {
      id: item.id,
      server: item.server,
      uri: item.uri,
      label: item.title ?? item.name,
      score: Math.round((1 - hit.score) * 10_000) / 10_000,
      strength: strong ? ('strong' as const) : ('weak' as const),
      reasons,
    }
    const suggestion: ResourceSuggestion =
      item.kind === 'resource'
        ? { ...base, kind: 'resource', resource: item.resource }
        : {
            ...base,
            kind: 'template',
            template: item.template,
            variables: templateVariables(item.uri),
          }
    return { suggestion, index, priority: priority ?? 0, modified: modifiedAt(item) ?? 0 }
  })
  // The search's order; among equal scores the higher priority, then the newer.
  suggestions.sort(
    (a, b) =>
      b.suggestion.score - a.suggestion.score ||
      b.priority - a.priority ||
      b.modified - a.modified ||
      a.index - b.index,
  )
  return suggestions.map((each) => each.suggestion)
}

/** A keyword as the search compares it: lower-cased letters and digits. */
function compactWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

function modifiedAt(entry: ServerItem): number | undefined {
  const annotations =
    entry.kind === 'resource' ? entry.resource.annotations : entry.template.annotations
  const value = annotations?.lastModified
  if (typeof value !== 'string') return undefined
  const time = Date.parse(value)
  return Number.isFinite(time) ? time : undefined
}

/** The model's choice first (strong, in its order), then the rest as the heuristic ranked them (weak). */
function byModel(
  candidates: readonly ResourceSuggestion[],
  chosen: readonly string[],
): ResourceSuggestion[] {
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]))
  const picked: ResourceSuggestion[] = []
  for (const id of Array.isArray(chosen) ? chosen : []) {
    const candidate = typeof id === 'string' ? byId.get(id) : undefined
    if (candidate === undefined || picked.includes(candidate)) continue
    picked.push({
      ...candidate,
      strength: candidate.reasons.attached ? 'weak' : 'strong',
      reasons: { ...candidate.reasons, chosenBy: 'model' },
    })
  }
  const rest = candidates
    .filter((candidate) => !picked.some((each) => each.id === candidate.id))
    .map((candidate): ResourceSuggestion => ({ ...candidate, strength: 'weak' }))
  return [...picked, ...rest]
}

function result(
  ranked: readonly ResourceSuggestion[],
  limit: number,
  selectedBy: 'heuristic' | 'model',
  servers: SuggestionServerReport[],
): SuggestResourcesResult {
  const suggestions = ranked.slice(0, limit)
  return {
    suggestions,
    strong: suggestions.filter((suggestion) => suggestion.strength === 'strong'),
    selectedBy,
    servers,
  }
}

/** `run` with a signal that aborts at `ms` (on the client's clock) or with `outer`; rejects at the deadline even if `run` ignores it. */
function withDeadline<T>(
  run: (signal: AbortSignal) => Promise<T>,
  ms: number,
  client: ResourceClient,
  outer: AbortSignal | undefined,
): Promise<T> {
  if (outer?.aborted) return Promise.reject(outer.reason)
  const controller = new AbortController()
  const onAbort = () => controller.abort(outer?.reason)
  outer?.addEventListener('abort', onAbort, { once: true })
  let timer: unknown
  const deadline = new Promise<never>((_, reject) => {
    timer = client.scheduler.setTimeout(() => {
      const error = new Error(`selectContext did not answer within ${ms} ms`)
      error.name = 'TimeoutError'
      controller.abort(error)
    }, ms)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    })
  })
  const answer = Promise.resolve().then(() => run(controller.signal))
  return Promise.race([answer, deadline]).finally(() => {
    client.scheduler.clearTimeout(timer as never)
    outer?.removeEventListener('abort', onAbort)
  })
}
