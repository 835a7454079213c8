import type { Resource } from '@modelcontextprotocol/server'
import { createPrng } from '@resource-kit/test-utils/prng'
import { adjectives, nouns, people, verbs } from './words.ts'

export interface Ticket {
  readonly project: string
  /** Numeric id as a string, as it appears in the URI. */
  readonly id: string
  readonly summary: string
  readonly status: 'open' | 'in progress' | 'review' | 'done'
  readonly priority: 'P0' | 'P1' | 'P2' | 'P3'
  readonly assignee: string
  readonly resource: Resource
}

export interface TicketBoard {
  readonly projects: readonly string[]
  /** Tickets by project, in id order. */
  readonly tickets: ReadonlyMap<string, readonly Ticket[]>
}

const projectNames = ['web', 'api', 'ops', 'data', 'mobile', 'design']
const statuses = ['open', 'in progress', 'review', 'done'] as const
const priorities = ['P0', 'P1', 'P2', 'P3'] as const
const priorityWeight = { P0: 1, P1: 0.75, P2: 0.5, P3: 0.25 }
const epoch = Date.UTC(2026, 6, 1)

/** Generates `count` tickets spread over a fixed set of projects, deterministically from `seed`. */
export function generateTickets(seed: string, count: number): TicketBoard {
  const prng = createPrng(`${seed}|tickets`)
  const tickets = new Map<string, Ticket[]>(projectNames.map((project) => [project, []]))
  for (let index = 0; index < count; index++) {
    const project = prng.pick(projectNames)
    const list = tickets.get(project)!
    const id = String(list.length + 1)
    const summary = `${capital(prng.pick(verbs))} ${prng.pick(adjectives)} ${prng.pick(nouns)} in ${prng.pick(nouns)} ${prng.pick(['view', 'service', 'job', 'export'])}`
    const status = prng.pick(statuses)
    const priority = prng.pick(priorities)
    const assignee = prng.pick(people)
    const key = `${project.toUpperCase()}-${id}`
    const ticket: Ticket = {
      project,
      id,
      summary,
      status,
      priority,
      assignee,
      resource: {
        uri: `ticket://${project}/${id}`,
        name: key,
        title: summary,
        description: `${priority} · ${status} · ${assignee}`,
        mimeType: 'text/markdown',
        annotations: {
          priority: priorityWeight[priority],
          audience: ['user', 'assistant'],
          lastModified: new Date(epoch - prng.int(0, 60 * 24 * 3600) * 1000).toISOString(),
        },
      },
    }
    ticket.resource.size = ticketMarkdown(seed, ticket).length
    list.push(ticket)
  }
  return { projects: projectNames, tickets }
}

/** What reading a ticket returns. */
export function ticketMarkdown(seed: string, ticket: Ticket): string {
  const prng = createPrng(`${seed}|ticket|${ticket.resource.uri}`)
  const steps = Array.from(
    { length: prng.int(2, 5) },
    (_, index) => `${index + 1}. ${capital(prng.pick(verbs))} the ${prng.pick(nouns)}`,
  )
  return [
    `# ${ticket.resource.name}: ${ticket.summary}`,
    '',
    `- Status: ${ticket.status}`,
    `- Priority: ${ticket.priority}`,
    `- Assignee: @${ticket.assignee}`,
    '',
    '## Steps to reproduce',
    '',
    ...steps,
    '',
  ].join('\n')
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1)
