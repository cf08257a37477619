import type { Language } from '../../../../shared/types.js'
import type { Workbench, WorkbenchKind } from '../../../../shared/translation-workbench.js'
import { api } from '../../lib/api.js'
import { editable } from '../../lib/publishing.js'
import type { EditedPage } from '../page-text-state.js'
import { readMachineStatus, type MachineStatus } from './machine-api.js'
import { type Edits, pageDraftCall, recordDraftCall, type StoredRecord, type WriteCall } from './workbench-writes.js'

// What the side-by-side screen reads (the workbench, and the stored record it saves over) and
// how it saves a draft: one place, so the screen and a reload after a fill read alike.

export interface WorkbenchAddress {
  kind: WorkbenchKind
  id: string
  language: string
  source: 'published' | 'draft'
}

export interface WorkbenchData {
  bench: Workbench
  languages: Language[]
  machine: MachineStatus | null
  /** Project/review: the original and the translation as stored (draft over published). */
  original: StoredRecord | null
  stored: StoredRecord | null
  /** Page text: the page as the back office reads it. */
  page: EditedPage | null
}

const query = ({ language, source }: WorkbenchAddress) =>
  `?language=${encodeURIComponent(language)}${source === 'draft' ? '&source=draft' : ''}`

const readRecord = (kind: 'project' | 'review', id: string) =>
  api<StoredRecord & { draft?: Record<string, unknown> | null }>(`/get-${kind}/${encodeURIComponent(id)}`).then(
    (record) => editable(record) as StoredRecord,
  )

export async function readWorkbenchData(address: WorkbenchAddress): Promise<WorkbenchData> {
  const [bench, languages, machine] = await Promise.all([
    api<Workbench>(`/translation-workbench/${address.kind}/${encodeURIComponent(address.id)}${query(address)}`),
    api<Language[]>('/get-languages'),
    // The screen works without the machine (memory and typing): its status is a nicety.
    readMachineStatus().catch(() => null),
  ])
  if (bench.kind === 'translation-page') {
    const page = await api<EditedPage>(`/get-translation/${encodeURIComponent(bench.id)}`)
    return { bench, languages, machine, original: null, stored: null, page }
  }
  const kind = bench.kind
  const [original, stored] = await Promise.all([
    readRecord(kind, bench.id),
    bench.targetId ? readRecord(kind, bench.targetId) : Promise.resolve(null),
  ])
  return { bench, languages, machine, original, stored, page: null }
}

/** The call that saves these edits as the language's draft. */
export function draftCall(data: WorkbenchData, edits: Edits): WriteCall {
  const { bench, page } = data
  if (bench.kind === 'translation-page') {
    const stored = { ...(page?.translations[0] ?? {}) }
    const draft = page?.publishing?.[bench.language]?.draft as Record<string, string> | null | undefined
    const current = draft ?? stored[bench.language] ?? {}
    return pageDraftCall(bench, edits, stored, current)
  }
  return recordDraftCall(bench, edits, data.stored, data.original ?? {})
}

/** The translation's id once saved, from add-…'s answer ({ project } / { review }). */
export function savedTargetId(answer: unknown): string | null {
  const record = Object.values((answer ?? {}) as Record<string, { _id?: unknown }>)[0]
  return typeof record?._id === 'string' ? record._id : null
}
