import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { projectPublishSchema } from '../../../shared/schemas/project.schema.js'
import { reviewPublishSchema } from '../../../shared/schemas/review.schema.js'
import type { Amenity } from '../../../shared/types.js'
import { projects, reviews } from '../../db/schema.js'
import { MESSAGES } from '../../../shared/messages.js'
import { SEO_FIELD_NAMES } from '../../../shared/seo-fields.js'
import type { ImageFields } from '../image-fields.js'

export type ProjectRow = typeof projects.$inferSelect
export type ReviewRow = typeof reviews.$inferSelect
export type ContentRow = ProjectRow | ReviewRow
/** The columns projects and reviews share; written through one table type (their names match). */
export type PublishTable = typeof projects

export type Editable = Record<string, unknown>

/** What publishing needs to know about projects and reviews (their rows differ only in fields). */
export interface RecordKind {
  kind: 'project' | 'review'
  /** The kind in a message a person reads ('Project deleted'). */
  label: string
  table: PublishTable
  /** The fields a draft holds and a version keeps: the record's content, images included. */
  editable: readonly string[]
  /** The fields a translator translates: what `needsUpdate` compares. */
  translated: readonly string[]
  /** What content must satisfy to be public: checked on a publishing save and on publishing a draft. */
  publishSchema: z.ZodType
  /** Where the kind's rows hold image paths (image-fields.ts): what is in use, what a change frees. */
  images: ImageFields<ContentRow>
  /** The file fields its add and update forms accept (SPEC 7), each taking one file or many. */
  files: Readonly<Record<string, 'one' | 'many'>>
  notFound: string
}

const PROJECT_TEXT = [
  'title',
  'description',
  'status',
  'space',
  'galleryTitle1',
  'galleryDesc1',
  'galleryTitle2',
  'galleryDesc2',
  'brandDirection',
] as const

export const PROJECT_KIND: RecordKind = {
  kind: 'project',
  label: 'Project',
  table: projects,
  editable: [
    ...PROJECT_TEXT,
    'isShow',
    'beds',
    'baths',
    'featuredImage',
    'galleryBannerImage',
    'galleryImages',
    'amenities',
    'isFeatured',
    'isHomePageFeatured',
    'isDetailPageFeatured',
    // Per language, never translated: a translation has its own (decision 112).
    ...SEO_FIELD_NAMES,
    // Per language too; what a translation lacks falls back to the original's (decision 115).
    'imageAlts',
  ],
  translated: [...PROJECT_TEXT, 'amenities'],
  publishSchema: projectPublishSchema,
  images: {
    table: projects,
    single: ['featuredImage', 'galleryBannerImage', 'ogImage'],
    lists: ['galleryImages'],
    withImage: ['amenities'],
    draft: 'draft',
  } as ImageFields<ProjectRow> as ImageFields<ContentRow>,
  files: { galleryImages: 'many', featuredImage: 'one', galleryBannerImage: 'one', ogImage: 'one' },
  notFound: MESSAGES.projectNotFound,
}

export const REVIEW_KIND: RecordKind = {
  kind: 'review',
  label: 'Review',
  table: reviews as unknown as PublishTable,
  editable: ['title', 'description', 'featuredImage', ...SEO_FIELD_NAMES, 'imageAlts'],
  translated: ['title', 'description'],
  publishSchema: reviewPublishSchema,
  images: { table: reviews, single: ['featuredImage', 'ogImage'], lists: [], withImage: [], draft: 'draft' },
  files: { featuredImage: 'one', ogImage: 'one' },
  notFound: 'Review not found',
}

export const recordKind = (kind: 'project' | 'review') => (kind === 'project' ? PROJECT_KIND : REVIEW_KIND)

export function editableOf(kind: RecordKind, row: object): Editable {
  const source = row as Record<string, unknown>
  return Object.fromEntries(kind.editable.map((key) => [key, source[key] ?? null]))
}

/** The record's content as the admin edits it: its draft when it has one. */
export const currentContent = (kind: RecordKind, row: ContentRow): Editable => ({
  ...editableOf(kind, row),
  ...(row.draft ?? {}),
})

/** The translated fields of a record as text (amenities: their titles, one a line). */
export function translatedText(kind: RecordKind, row: object): Record<string, string> {
  const source = row as Record<string, unknown>
  return Object.fromEntries(
    kind.translated.map((key) => {
      const value = source[key]
      if (key === 'amenities') return [key, ((value as Amenity[] | null) ?? []).map((a) => a.title).join('\n')]
      return [key, value == null ? '' : String(value)]
    }),
  )
}

/** A fingerprint of translated text: equal text, equal fingerprint, whenever it was saved. */
export function fingerprint(text: Record<string, string>): string {
  const canonical = JSON.stringify(
    Object.keys(text)
      .sort()
      .map((key) => [key, text[key]]),
  )
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22)
}

/** The editable fields that differ between two versions of the content. */
export function changedFields(before: Editable | null, after: Editable, keys: readonly string[]): string[] {
  return keys.filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null))
}
