import type { WorkbenchKind } from '../../../../shared/translation-workbench.js'
import { api } from '../../lib/api.js'

// The translation core's calls as the back office makes them (issue 40, items 2 and 6; the
// contract is in docs/api.md). Answers are read defensively: what a field lacks is left out.

export interface MachineStatus {
  provider: string | null
  pairs: { source: string; target: string }[]
  usage: { month: string; characters: number; limit: number | null }
}

/** A segment the machine's text was not kept for, and why (a number lost, a link invented…). */
export interface RefusedSegment {
  field: string
  source: string
  reason: string
}

export interface FillAnswer {
  /** Characters sent (or, for a dry run, to be sent) to the provider after the memory. */
  characters: number
  /** Segments filled from the memory, not sent. */
  fromMemory: number
  refused: RefusedSegment[]
}

export const readMachineStatus = () => api<MachineStatus>('/machine-translation')

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/** The refused segments of an answer, whatever the core names their parts. */
function refusedOf(answer: Record<string, unknown>): RefusedSegment[] {
  const list = answer.refused ?? answer.rejected ?? []
  if (!Array.isArray(list)) return []
  return list.map((item: Record<string, unknown>) => ({
    field: text(item.field ?? item.key),
    source: text(item.source ?? item.segment ?? item.text),
    reason: text(item.reason ?? item.message ?? item.why),
  }))
}

/** Fills the language's draft from the memory and the machine; `dryRun` only counts. */
export async function machineFill(
  kind: WorkbenchKind,
  id: string,
  body: { language: string; fields?: string[]; onlyOutdated?: boolean; dryRun?: boolean },
): Promise<FillAnswer> {
  const answer = await api<Record<string, unknown>>(`/machine-translate/${kind}/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: body,
  })
  return {
    characters: count(answer.characters ?? answer.charactersToSend ?? answer.charactersSent),
    fromMemory: count(answer.fromMemory ?? answer.memorySegments),
    refused: refusedOf(answer),
  }
}

/** 'Approve': the machine's text of these fields is reviewed as it stands. */
export const approveMachineFields = (kind: WorkbenchKind, id: string, language: string, fields: string[]) =>
  api<unknown>(`/approve-machine-fields/${kind}/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: { language, fields },
  })
