import type { Amenity } from '../../../../shared/types.js'
import type { Workbench, WorkbenchField } from '../../../../shared/translation-workbench.js'
import { type Content, keyOfTextField, writeField } from '../../../../shared/translation-fields.js'

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

const AMENITY = /^amenities\.\d+\.title$/
const ALT = /^imageAlts\./

/**
 * The multipart fields of update-project / update-review (or add-…'s translation) for these
 * edits: plain fields as they are; the amenities whole (each keeps its image; one the
 * translation lacks takes the original's); only the alt texts typed here (the rest stay).
 */
export function recordFields(
  kind: 'project' | 'review',
  edits: Edits,
  stored: StoredRecord | null,
  original: StoredRecord,
): Record<string, string> {
  let content: Content = { amenities: stored?.amenities ?? [], imageAlts: {} }
  const fields: Record<string, string> = {}
  for (const [id, value] of Object.entries(edits)) {
    content = writeField(kind, content, id, value, original)
    if (!AMENITY.test(id) && !ALT.test(id)) fields[id] = value
  }
  const ids = Object.keys(edits)
  if (ids.some((id) => AMENITY.test(id))) fields.amenities = JSON.stringify(content.amenities)
  if (ids.some((id) => ALT.test(id))) fields.imageAlts = JSON.stringify(content.imageAlts)
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
  const kind = bench.kind === 'review' ? 'review' : 'project'
  // The draft schemas take the required text as the edit forms always send it: kept as stored.
  const required = kind === 'review' ? ['title', 'description'] : ['title']
  const kept = bench.targetId
    ? Object.fromEntries(required.filter((k) => !(k in edits)).map((k) => [k, String(stored?.[k] ?? '')]))
    : {}
  const fields = { ...recordFields(kind, { ...kept, ...edits }, stored, original), saveAs: 'draft' }
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

/** A page text's edits by key (its fields are `text.<key>`). */
const pageTexts = (edits: Edits) =>
  Object.fromEntries(Object.entries(edits).map(([id, value]) => [keyOfTextField(id) ?? id, value]))

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
      translations: [{ ...stored, [bench.language]: { ...current, ...pageTexts(edits) } }],
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
