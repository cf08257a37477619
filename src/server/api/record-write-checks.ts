import type { FastifyRequest } from 'fastify'
import type { WriteOptions } from '../../shared/schemas/publishing.schema.js'
import { isFlagSet } from '../../shared/schemas/fields.js'
import type { Executor } from '../db/client.js'
import { check } from '../plugins/auth.js'
import { type ContentTarget, policy } from '../services/access-policy.js'
import type { RecordKind } from '../services/publishing/record-kinds.js'
import { recordTarget, translationTarget } from './content-targets.js'
import { type Form, readForm } from './multipart-form.js'
import { idParam } from './params.js'
import { writeOptions } from './write-options.js'

// What add-project/add-review and update-project/update-review ask of the access policy, in one
// order for every kind of record: for an update the record first (so a refused call reads no
// upload), then the form, then what the form would do.

export interface CheckedWrite {
  form: Form
  options: WriteOptions
}

/** add-…: a translation (translate=true) asks to write in its language; an original, to create one. */
export async function checkedAdd(
  request: FastifyRequest,
  kind: RecordKind,
): Promise<CheckedWrite & { translate: boolean }> {
  const form = await readForm(request, kind.files)
  const options = writeOptions(request, form.fields)
  const translate = isFlagSet(form.fields.translate)
  if (translate) check(request, (p) => policy.write(p, translationTarget(kind.kind, form.fields.language), options))
  else check(request, policy.createOriginal)
  return { form, options, translate }
}

/** update-…/:id: editing the record, writing in its language, and in the language it moves to. */
export async function checkedUpdate(
  request: FastifyRequest,
  db: Executor,
  kind: RecordKind,
): Promise<CheckedWrite & { id: string; target: ContentTarget }> {
  const id = idParam(request, kind.notFound)
  const target = await recordTarget(db, kind, id)
  check(request, (p) => policy.edit(p, target))
  const form = await readForm(request, kind.files)
  const options = writeOptions(request, form.fields)
  check(request, (p) => policy.write(p, target, options))
  // Moving a record to another language is editing in that language too.
  if (form.fields.language)
    check(request, (p) =>
      policy.write(p, { ...target, language: String(form.fields.language).trim().toLowerCase() }, options),
    )
  return { id, target, form, options }
}
