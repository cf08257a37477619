import { createHash } from 'node:crypto'
import type { ImapFlow, MessageStructureObject } from 'imapflow'
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { ATTACHMENT_KEEP_MAX, type IncomingHeaders, type IncomingMessage } from './incoming-mail.js'
import { htmlToPlainText, storableFileName, storableSubject, storableText } from './mail-text.js'

/** Messages up to this size are read whole and parsed; larger ones part by part (no 25 MB in memory twice). */
export const WHOLE_MESSAGE_MAX = 12 * 1024 * 1024

const PARSE_OPTIONS = { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true }

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''))

const idList = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((id) => id.trim()).filter(Boolean)

/** The headers matching reads, from the header block alone (fetched before the body). */
export async function readHeaders(headerBlock: Buffer, fallbackKey: string): Promise<IncomingHeaders> {
  const parsed = await simpleParser(headerBlock, PARSE_OPTIONS)
  const extra = (name: string) => {
    const value = parsed.headers.get(name)
    return typeof value === 'string' ? [value] : []
  }
  return {
    // Without one, an id made from the mailbox's own facts still attaches it once.
    messageId:
      parsed.messageId?.trim().slice(0, 500) ||
      `<no-id-${createHash('sha256').update(fallbackKey).digest('hex').slice(0, 32)}@imap>`,
    inReplyTo: idList(parsed.inReplyTo),
    references: idList(parsed.references),
    from: addresses(parsed.from)[0] ?? null,
    recipients: [
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
      ...extra('delivered-to'),
      ...extra('x-original-to'),
    ].map((a) => a.replace(/^.*<|>.*$/g, '')),
  }
}

const bodyOf = (parsed: ParsedMail) =>
  storableText(parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToPlainText(parsed.html) : '')

/** A whole message (at most WHOLE_MESSAGE_MAX), parsed; broken MIME comes out as what could be read. */
export async function readWholeMessage(source: Buffer): Promise<IncomingMessage> {
  let parsed: ParsedMail
  try {
    parsed = await simpleParser(source, PARSE_OPTIONS)
  } catch {
    return { subject: '', text: storableText(source.subarray(0, 200_000).toString('utf8')), attachments: [] }
  }
  return {
    subject: storableSubject(parsed.subject),
    text: bodyOf(parsed),
    attachments: parsed.attachments.map((a) => ({
      name: storableFileName(a.filename),
      contentType: a.contentType || 'application/octet-stream',
      size: a.size,
      content: a.size <= ATTACHMENT_KEEP_MAX ? a.content : null,
    })),
  }
}

/** The leaves of a body structure. */
function leaves(node: MessageStructureObject): MessageStructureObject[] {
  return node.childNodes?.length ? node.childNodes.flatMap(leaves) : [node]
}

/** Decoded size of a part, from its encoded size. */
const decodedSize = (part: MessageStructureObject) =>
  part.encoding?.toLowerCase() === 'base64' ? Math.floor(((part.size ?? 0) * 3) / 4) : (part.size ?? 0)

async function downloadPart(client: ImapFlow, uid: number, part: string, max: number): Promise<Buffer | null> {
  const download = await client.download(String(uid), part, { uid: true, maxBytes: max })
  if (!download.content) return null
  const chunks: Buffer[] = []
  for await (const chunk of download.content) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A large message part by part, from its body structure: the text and the attachments it keeps
 * are downloaded one at a time; one over ATTACHMENT_KEEP_MAX is only named.
 */
export async function readLargeMessage(
  client: ImapFlow,
  uid: number,
  structure: MessageStructureObject,
  subject: string | undefined,
): Promise<IncomingMessage> {
  const parts = leaves(structure)
  const isAttachment = (p: MessageStructureObject) =>
    p.disposition === 'attachment' || Boolean(p.dispositionParameters?.filename || p.parameters?.name)
  const textPart =
    parts.find((p) => !isAttachment(p) && p.type === 'text/plain') ??
    parts.find((p) => !isAttachment(p) && p.type === 'text/html')
  let text = ''
  if (textPart?.part) {
    const body = await downloadPart(client, uid, textPart.part, 2 * 1024 * 1024)
    const raw = body?.toString('utf8') ?? ''
    text = storableText(textPart.type === 'text/html' ? htmlToPlainText(raw) : raw)
  }
  const attachments = []
  for (const p of parts.filter(isAttachment)) {
    // An estimate from the encoded size (line breaks and padding included) until it is downloaded.
    const estimate = decodedSize(p)
    const content =
      estimate <= ATTACHMENT_KEEP_MAX + 1024 && p.part
        ? await downloadPart(client, uid, p.part, ATTACHMENT_KEEP_MAX + 1)
        : null
    const kept = content !== null && content.length <= ATTACHMENT_KEEP_MAX
    attachments.push({
      name: storableFileName(p.dispositionParameters?.filename ?? p.parameters?.name),
      contentType: p.type || 'application/octet-stream',
      size: content?.length ?? estimate,
      content: kept ? content : null,
    })
  }
  return { subject: storableSubject(subject), text, attachments }
}
