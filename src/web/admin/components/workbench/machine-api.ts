import type { FillReport } from '../../../../shared/machine-fill-report.js'
import type { WorkbenchKind } from '../../../../shared/translation-workbench.js'
import { api } from '../../lib/api.js'

// The translation core's calls as the back office makes them (issue 40, items 2 and 6; the
// contract is in docs/api.md).

export interface MachineStatus {
  provider: string | null
  pairs: { source: string; target: string }[]
  usage: { month: string; characters: number; limit: number | null }
}

/** A sentence the machine's text was not kept for, and why (a number lost, a link invented…). */
export interface RefusedSegment {
  field: string
  /** The sentence's index in its field (its text is the workbench's segment). */
  index: number
  reason: string
}

/** POST machine-translate's answer (docs/api.md). */
export interface FillAnswer {
  provider: string
  /** Characters sent (or, for a dry run, to be sent) to the provider after the memory. */
  characters: number
  /** Sentences filled from the memory, not sent. */
  fromMemory: number
  refused: RefusedSegment[]
}

export const readMachineStatus = () => api<MachineStatus>('/machine-translation')

/** Fills the language's draft from the memory and the machine; `dryRun` only counts. */
export async function machineFill(
  kind: WorkbenchKind,
  id: string,
  body: { language: string; fields?: string[]; onlyOutdated?: boolean; dryRun?: boolean },
): Promise<FillAnswer> {
  const report = await api<FillReport>(`/machine-translate/${kind}/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: body,
  })
  const segments = report.fields.flatMap((field) => field.segments.map((segment) => ({ field, segment })))
  return {
    provider: report.provider,
    characters: report.characters,
    fromMemory: segments.filter(({ segment }) => segment.from === 'memory').length,
    refused: segments
      .filter(({ segment }) => segment.refused)
      .map(({ field, segment }) => ({ field: field.field, index: segment.index, reason: segment.refused! })),
  }
}

/** 'Approve': the machine's text of these fields is reviewed as it stands. */
export const approveMachineFields = (kind: WorkbenchKind, id: string, language: string, fields: string[]) =>
  api<unknown>(`/approve-machine-fields/${kind}/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: { language, fields },
  })
