// The name of each record field as the edit screens label it (SPEC 2), for the history's list of
// changed fields and its comparison, and a translation's "needs update" list: the one map from a
// field's id to words (issue 43: a person reads words, never a field's name).
const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  space: 'Space',
  isShow: 'Show as Comming Soon',
  beds: 'Beds',
  baths: 'Baths',
  galleryTitle1: 'Gallery Title 1',
  galleryDesc1: 'Gallery Description 1',
  galleryTitle2: 'Gallery Title 2',
  galleryDesc2: 'Gallery Description 2',
  featuredImage: 'Featured Image',
  galleryBannerImage: 'Banner Image',
  galleryImages: 'Gallery Images',
  amenities: 'Amenities',
  brandDirection: 'Brand direction',
  isFeatured: 'Featured',
  isHomePageFeatured: 'Featured on the home page',
  isDetailPageFeatured: 'Featured on project pages',
  // Search and social (decision 112), as SeoFieldset labels them.
  seoTitle: 'Search result headline',
  seoDescription: 'Search result snippet',
  ogImage: 'Social card picture',
  noindex: 'Keep out of search engines (noindex)',
  '@seo': 'Search and social',
  // Alt text per image (decision 115), as the image fields label it.
  imageAlts: 'Alt text of the images',
}

/**
 * A field's label. A page text's field is its English text already (words); an id this map does
 * not know yet (a field added later) is spelled out in words rather than shown as code.
 */
export const fieldLabel = (field: string) => LABELS[field] ?? (/^[A-Za-z0-9_]+$/.test(field) ? idInWords(field) : field)

/** `galleryBannerImage` → "Gallery banner image". */
function idInWords(id: string): string {
  const words = id
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A field's value as text: lists one item a line, an amenity as its title and image, nothing as a dash. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(fieldText).join('\n')
  if (typeof value === 'object') {
    const { title, image } = value as { title?: unknown; image?: unknown }
    if (title !== undefined || image !== undefined) return `${fieldText(title)} (${fieldText(image)})`
    // A map such as the alt texts (image path → text): one entry a line.
    const entries = Object.entries(value)
    return entries.length === 0 ? '—' : entries.map(([key, item]) => `${key}: ${fieldText(item)}`).join('\n')
  }
  return String(value)
}
