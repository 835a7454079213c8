import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server'
import type { DbTable } from './content/database.ts'
import { twiceConfirmedTable } from './content/database.ts'

/** What the second round of a twice-confirmed read carries in its (signed) `requestState`. */
export interface GateState {
  uri: string
  confirmed: true
}

const confirmSchema = {
  type: 'object' as const,
  properties: {
    confirm: {
      type: 'boolean' as const,
      title: 'Read production data',
      description: 'Tick to confirm that you want to read this production table.',
    },
  },
  required: ['confirm'],
}

const reasonSchema = {
  type: 'object' as const,
  properties: {
    reason: {
      type: 'string' as const,
      title: 'Reason',
      description: 'Why do you need the payments table? (at least 3 characters)',
      minLength: 3,
    },
  },
  required: ['reason'],
}

/**
 * Reads of production tables need the user's confirmation (one round); the payments table
 * also asks for a reason (a second round whose state travels signed in `requestState`).
 * Returns `undefined` once the read may proceed.
 */
export async function productionGate(
  table: DbTable,
  ctx: ServerContext,
  codec: RequestStateCodec<GateState>,
): Promise<InputRequiredResult | undefined> {
  const { uri } = table.resource
  const responses = ctx.mcpReq.inputResponses
  // The seam has already verified the signature; this is the decoded payload.
  const state = ctx.mcpReq.requestState<GateState>()
  if (state?.uri === uri && state.confirmed) {
    const reason = inputResponse(responses, 'reason')
    if (reason.kind === 'elicit' && reason.action !== 'accept') throw declined(uri)
    const text = reason.kind === 'elicit' ? reason.content?.reason : undefined
    if (typeof text === 'string' && text.trim().length >= 3) return undefined
    return askReason(uri, await codec.mint(state))
  }

  const confirm = inputResponse(responses, 'confirm')
  if (confirm.kind === 'elicit') {
    if (confirm.action !== 'accept' || confirm.content?.confirm !== true) throw declined(uri)
    if (table.name !== twiceConfirmedTable) return undefined
    return askReason(uri, await codec.mint({ uri, confirmed: true }))
  }
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        message: `${uri} is production data. Read it anyway?`,
        requestedSchema: confirmSchema,
      }),
    },
  })
}

function askReason(uri: string, requestState: string): InputRequiredResult {
  return inputRequired({
    inputRequests: {
      reason: inputRequired.elicit({
        message: `Reading ${uri} is audited. Why do you need it?`,
        requestedSchema: reasonSchema,
      }),
    },
    requestState,
  })
}

function declined(uri: string): ProtocolError {
  // Not -32602: with data.uri that would read as "not found".
  return new ProtocolError(ProtocolErrorCode.InvalidRequest, `Reading ${uri} was declined`, {
    reason: 'declined',
  })
}
