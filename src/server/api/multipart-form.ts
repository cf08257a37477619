import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../errors.js'
import type { UploadedFiles } from '../services/uploads.js'

export interface Form {
  fields: Record<string, string>
  files: UploadedFiles
}

/**
 * Reads a multipart form into memory: text fields (last value wins) and the files of the named
 * fields. Limits per file and per request come from @fastify/multipart (413 past them). A JSON
 * body is accepted too, for API clients that send no files.
 */
/** The file fields a form accepts, each taking one file or many. */
export type FileFields = Readonly<Record<string, 'one' | 'many'>>

export async function readForm(request: FastifyRequest, fileFields: FileFields): Promise<Form> {
  if (!request.isMultipart()) {
    if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
      return { fields: request.body as Record<string, string>, files: {} }
    }
    throw new HttpError(415, 'Send this form as multipart/form-data')
  }
  const fields: Record<string, string> = {}
  const files: UploadedFiles = {}
  try {
    await readParts(request, fileFields, fields, files)
  } catch (error) {
    if (isCutOff(error)) throw badRequest(FORM_CUT_OFF)
    throw error
  }
  return { fields, files }
}

export const FORM_CUT_OFF = 'The form arrived incomplete (the upload was cut off); please send it again'

/**
 * Busboy's errors for a body that ends before its closing boundary or holds a broken part: the
 * client's doing (a dropped connection, a wrong Content-Length), so a 400, not a 500.
 */
const isCutOff = (error: unknown) =>
  error instanceof Error &&
  !(error instanceof HttpError) &&
  /Part terminated early|Unexpected end of (form|multipart)|Malformed part header|Malformed urlencoded form/i.test(
    error.message,
  )

async function readParts(
  request: FastifyRequest,
  fileFields: FileFields,
  fields: Form['fields'],
  files: UploadedFiles,
) {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const accepts = fileFields[part.fieldname]
      if (!accepts) {
        // Drain it so the request can finish, then refuse.
        await part.toBuffer()
        throw badRequest(`Unexpected file field "${part.fieldname}"`, part.fieldname)
      }
      const buffer = await part.toBuffer()
      // Browsers send an empty part for a file input left empty.
      if (buffer.length === 0 && !part.filename) continue
      if (buffer.length === 0) throw new HttpError(415, 'File must be a JPEG, PNG, WebP or AVIF image', part.fieldname)
      const list = (files[part.fieldname] ??= [])
      if (accepts === 'one' && list.length > 0) throw badRequest(`Send one file in "${part.fieldname}"`, part.fieldname)
      list.push(buffer)
    } else {
      fields[part.fieldname] = String(part.value)
    }
  }
}
