import { type SaxesTagNS, SaxesParser } from 'saxes'
import { badRequest } from '../../errors.js'
import { type InlinePart, XLIFF_NS } from './xliff-inline.js'

/** One `<file>` of an agency's XLIFF, as far as an import needs it. */
export interface ParsedFile {
  original: string
  sourceLanguage: string
  targetLanguage: string
  units: ParsedUnit[]
}

export interface ParsedUnit {
  id: string
  source: InlinePart[]
  /** null: no `<target>` at all. */
  target: InlinePart[] | null
}

// A file this large in units is not one of ours (a job lists a language's records: hundreds).
const MAX_UNITS = 200_000
const MAX_DEPTH = 32

/**
 * Refused before the parser reads a byte: a document type may declare entities ('billion
 * laughs', external files), and no XLIFF 1.2 file needs one. Looked for in the raw text, so
 * nothing in it is ever expanded or fetched.
 */
function refuseDeclarations(xml: string): void {
  if (/<!DOCTYPE/i.test(xml)) throw badRequest('The file has a DOCTYPE; XLIFF files with a document type are refused')
  if (/<!ENTITY/i.test(xml)) throw badRequest('The file declares entities; XLIFF files with entities are refused')
}

const attr = (tag: SaxesTagNS, name: string): string | undefined => {
  const found = tag.attributes[name]
  return found === undefined ? undefined : found.value
}

/**
 * Reads an XLIFF 1.2 file (saxes, no DTD, no entities beyond XML's five and character
 * references). Inline codes in `<source>` and `<target>` become placeholders by id; the text of
 * any other element a tool added inside a target (`<g>`, `<mrk>`) is kept as text, and text that
 * looks like markup is text: nothing of a target is ever taken as markup. Malformed XML answers
 * 400 with the parser's line and column.
 */
export function parseXliff(raw: Buffer): ParsedFile[] {
  const xml = raw.toString('utf8')
  refuseDeclarations(xml)
  const files: ParsedFile[] = []
  const parser = new SaxesParser({ xmlns: true, position: true })
  let file: ParsedFile | null = null
  let unit: { id: string; source: InlinePart[] | null; target: InlinePart[] | null } | null = null
  // The inline content being read (source or target), and how deep inside it we are.
  let inline: InlinePart[] | null = null
  let inlineDepth = 0
  // A <ph>'s content is its native code, not translatable text: read and dropped.
  let phDepth = 0
  let depth = 0
  let units = 0
  let sawRoot = false

  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      throw badRequest(`The file is in ${decl.encoding}; send XLIFF in UTF-8`)
  })
  parser.on('doctype', () => {
    throw badRequest('The file has a DOCTYPE; XLIFF files with a document type are refused')
  })
  parser.on('opentag', (tag) => {
    depth++
    if (depth > MAX_DEPTH) throw badRequest('The file nests elements too deeply to be XLIFF')
    if (inline) {
      // Inside source/target: placeholders stand for a code; other elements only for their text.
      if (tag.uri === XLIFF_NS && (tag.local === 'x' || tag.local === 'ph')) {
        inline.push({ placeholder: attr(tag, 'id') ?? '' })
        if (tag.local === 'ph' && !phDepth) phDepth = depth
      }
      return
    }
    if (!sawRoot) {
      sawRoot = true
      if (tag.local !== 'xliff' || tag.uri !== XLIFF_NS)
        throw badRequest('The file is not XLIFF 1.2 (no xliff element in its namespace)')
      if (attr(tag, 'version') !== '1.2')
        throw badRequest(`The file is XLIFF ${attr(tag, 'version') ?? '(no version)'}; send XLIFF 1.2`)
      return
    }
    if (tag.uri !== XLIFF_NS) return
    if (tag.local === 'file') {
      file = {
        original: attr(tag, 'original') ?? '',
        sourceLanguage: attr(tag, 'source-language') ?? '',
        targetLanguage: attr(tag, 'target-language') ?? '',
        units: [],
      }
      files.push(file)
    } else if (tag.local === 'trans-unit') {
      if (!file) throw badRequest('A trans-unit is outside any file element')
      if (++units > MAX_UNITS) throw badRequest('The file has too many units to be one of these jobs')
      unit = { id: attr(tag, 'id') ?? '', source: null, target: null }
    } else if (unit && (tag.local === 'source' || tag.local === 'target')) {
      inline = []
      if (tag.local === 'source') unit.source = inline
      else unit.target = inline
      inlineDepth = depth
    }
  })
  parser.on('text', (text) => {
    if (!inline || phDepth) return
    const last = inline[inline.length - 1]
    if (typeof last === 'string') inline[inline.length - 1] = last + text
    else inline.push(text)
  })
  parser.on('cdata', (text) => {
    if (!inline || phDepth) return
    inline.push(text)
  })
  parser.on('closetag', (tag) => {
    if (phDepth === depth) phDepth = 0
    if (inline && depth === inlineDepth) inline = null
    if (tag.uri === XLIFF_NS && tag.local === 'trans-unit' && unit && file) {
      file.units.push({ id: unit.id, source: unit.source ?? [], target: unit.target })
      unit = null
    }
    if (tag.uri === XLIFF_NS && tag.local === 'file') file = null
    depth--
  })
  parser.on('error', (error) => {
    throw badRequest(`The file is not well-formed XML: ${error.message}`)
  })
  parser.write(xml).close()
  if (!sawRoot) throw badRequest('The file is empty')
  return files
}
