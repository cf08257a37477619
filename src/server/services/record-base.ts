import { seoOf } from '../../shared/seo-fields.js'
import type { ContentRow } from './publishing/record-kinds.js'

/** The fields every kind of record answers alike (projects and reviews); each kind adds its own. */
export function recordBase(row: ContentRow) {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    featuredImage: row.featuredImage,
    imageAlts: row.imageAlts ?? {},
    language: row.language,
    ...seoOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
