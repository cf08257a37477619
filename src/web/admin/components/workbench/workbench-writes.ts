import type { Amenity } from '../../../../shared/types.js'
import type { Workbench, WorkbenchField } from '../../../../shared/translation-workbench.js'

// What the side-by-side screen sends to save (issue 40, item 1): the existing writes of each
// kind, as a draft. Only the fields typed here go; the rest of the record stays as it is stored.
// Pure functions, unit-tested beside them.

/** Field key -> the text typed for it. */
export type Edits = Record<string, string>

/** What the screen knows of the translation as stored (its draft over its published fields). */
export interface StoredRecord {
  amenities?: Amenity[] | null
  [key: string]: unknown
}

export interface WriteCall {
  method: 'POST' | 'PUT'
  path: string
  form?: FormData
  json?: unknown
}

const AMENITY = /^amenities\.(\d+)\.title$/
const ALT = /^imageAlts\.(.+)$/

/** The translation's amenities with the titles typed here (each keeps its image; missing ones take the original's). */
function amenitiesWith(edits: Edits, stored: Amenity[], original: Amenity[]): Amenity[] | null {
  const titles = Object.entries(edits).flatMap(([key, value]) => {
    const match = AMENITY.exec(key)
    return match ? [[Number(match[1]), value] as const] : []
  })
  if (titles.length === 0) return null
  const next = original.map((amenity, i) => ({ ...(stored[i] ?? amenity) }))
  for (const [i, title] of titles) if (next[i]) next[i] = { ...next[i]!, title }
  return next
}

/** The multipart fields of update-project / update-review (or add-…'s translation) for these edits. */
export function recordFields(
  edits: Edits,
  stored: StoredRecord | null,
  original: StoredRecord,
): Record<string, string> {
  const fields: Record<string, string> = {}
  const alts: Record<string, string> = {}
  for (const [key, value] of Object.entries(edits)) {
    const alt = ALT.exec(key)
    if (alt) alts[alt[1]!] = value
    else if (!AMENITY.test(key)) fields[key] = value
  }
  const amenities = amenitiesWith(edits, stored?.amenities ?? [], original.amenities ?? [])
  if (amenities) fields.amenities = JSON.stringify(amenities)
  if (Object.keys(alts).length > 0) fields.imageAlts = JSON.stringify(alts)
  return fields
}

const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

/**
 * A project's or review's draft: update-… of the translation, or, while there is none yet,
 * add-… creating it as a draft (SPEC 7's translate call, with saveAs=draft).
 */
export function recordDraftCall(
  bench: Pick<Workbench, 'kind' | 'id' | 'language' | 'targetId' | 'targetVersion'>,
  edits: Edits,
  stored: StoredRecord | null,
  original: StoredRecord,
): WriteCall {
  const fields = { ...recordFields(edits, stored, original), saveAs: 'draft' }
  if (bench.targetId)
    return {
      method: 'PUT',
      path: `/update-${bench.kind}/${bench.targetId}`,
      form: formOf({ ...fields, ...(bench.targetVersion !== null ? { version: String(bench.targetVersion) } : {}) }),
    }
  return {
    method: 'POST',
    path: `/add-${bench.kind}`,
    form: formOf({ ...fields, translate: 'true', parentId: bench.id, language: bench.language }),
  }
}

/**
 * A page text's draft: update-translation replaces the page's whole text, so every other
 * language goes as it is stored and keeps its state; this one gets its text with the edits.
 */
export function pageDraftCall(
  bench: Pick<Workbench, 'id' | 'name' | 'language' | 'targetVersion'>,
  edits: Edits,
  stored: Record<string, Record<string, string>>,
  current: Record<string, string>,
): WriteCall {
  return {
    method: 'PUT',
    path: `/update-translation/${bench.id}`,
    json: {
      page: bench.name,
      translations: [{ ...stored, [bench.language]: { ...current, ...edits } }],
      saveAs: 'draft',
      ...(bench.targetVersion !== null ? { version: bench.targetVersion } : {}),
    },
  }
}

/**
 * A memory match used for one sentence: the whole field when it is one sentence; otherwise the
 * sentence is replaced where the target (or, while it is empty, the source) still has it in the
 * source language, else the match is added at the end.
 */
export function applySentence(
  field: Pick<WorkbenchField, 'source' | 'segments'>,
  index: number,
  target: string,
  text: string,
) {
  const sentence = field.segments[index]?.source
  if (field.segments.length <= 1 || !sentence) return text
  const base = target.trim() ? target : field.source
  if (base.includes(sentence)) return base.replace(sentence, text)
  return `${target.trimEnd()} ${text}`.trim()
}
