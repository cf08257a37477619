import { type InlinePart, protectCodes, XLIFF_NS } from './xliff-inline.js'

/** XLIFF 1.2's own values for a target's state (state-valueList in the OASIS schema). */
export type TargetState = 'new' | 'needs-translation' | 'needs-review-translation' | 'translated' | 'final'

export interface ExportUnit {
  /** Names record, field and segment (xliff-ids.ts). */
  id: string
  /** The field's id (`description`, `amenities.2.title`, `text.<key>`). */
  resname: string
  source: string
  /** The translation as it stands, when there is one. */
  target: { text: string; state: TargetState } | null
  /** Context for the translator: the field's label, its length limit, the page's address. */
  note: string
}

export interface ExportFile {
  /** `job/<job id>/<kind>/<record id>`: an import finds its job and record by it. */
  original: string
  /** The record as a person names it, and its public address. */
  note: string
  units: ExportUnit[]
}

export const TOOL_ID = 'villa-back-office'

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')

/**
 * Characters XML 1.0 cannot carry at all (control bytes other than tab and line breaks):
 * never stored by the forms, dropped rather than written into a file no tool opens.
 */
// eslint-disable-next-line no-control-regex -- these control bytes are what XML 1.0 forbids
const xmlSafe = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')

/**
 * Inline content: text escaped, a line break as `<x ctype="lb"/>`, every other protected code
 * (a number with its unit, an address, a link, a phone, a page text's placeholder) as `<ph>`
 * holding the code, so a CAT tool shows a tag a translator moves but cannot edit.
 */
function inlineXml(parts: InlinePart[], codes: Map<string, { code: string; lineBreak: boolean }>): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeText(xmlSafe(part))
      const code = codes.get(part.placeholder)!
      if (code.lineBreak) return `<x id="${part.placeholder}" ctype="lb" equiv-text="&#10;"/>`
      return `<ph id="${part.placeholder}">${escapeText(xmlSafe(code.code))}</ph>`
    })
    .join('')
}

function unitXml(unit: ExportUnit): string {
  const source = protectCodes(unit.source)
  const lines = [
    `      <trans-unit id="${escapeAttr(unit.id)}" resname="${escapeAttr(unit.resname)}" xml:space="preserve">`,
    `        <source>${inlineXml(source.parts, source.codes)}</source>`,
  ]
  if (unit.target) {
    // The target's codes carry the source's ids where they are the same code, so a tool pairs them.
    const target = protectCodes(unit.target.text, source.codes)
    lines.push(`        <target state="${unit.target.state}">${inlineXml(target.parts, target.codes)}</target>`)
  }
  lines.push(`        <note>${escapeText(xmlSafe(unit.note))}</note>`, '      </trans-unit>')
  return lines.join('\n')
}

/**
 * An XLIFF 1.2 document (the version every CAT tool reads), with only elements and attributes
 * of the OASIS schema (decision 148): one `<file>` per record, one `trans-unit` per segment.
 */
export function writeXliff(options: { sourceLanguage: string; targetLanguage: string; files: ExportFile[] }): string {
  const { sourceLanguage, targetLanguage } = options
  const files = options.files.map((file) =>
    [
      `  <file original="${escapeAttr(file.original)}" source-language="${escapeAttr(sourceLanguage)}" target-language="${escapeAttr(targetLanguage)}" datatype="plaintext" tool-id="${TOOL_ID}">`,
      '    <header>',
      `      <tool tool-id="${TOOL_ID}" tool-name="Back office translation jobs"/>`,
      `      <note>${escapeText(xmlSafe(file.note))}</note>`,
      '    </header>',
      '    <body>',
      ...file.units.map(unitXml),
      '    </body>',
      '  </file>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff version="1.2" xmlns="${XLIFF_NS}">`,
    ...files,
    '</xliff>',
    '',
  ].join('\n')
}
