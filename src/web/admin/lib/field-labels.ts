// The name of each record field as the edit screens label it (SPEC 2), for the history's
// comparison and a translation's "needs update" list. A field not named here shows as it is.
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
}

export const fieldLabel = (field: string) => LABELS[field] ?? field

/** A field's value as text: lists one item a line, an amenity as its title and image, nothing as a dash. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(fieldText).join('\n')
  if (typeof value === 'object') {
    const { title, image } = value as { title?: unknown; image?: unknown }
    if (title !== undefined || image !== undefined) return `${fieldText(title)} (${fieldText(image)})`
    return JSON.stringify(value)
  }
  return String(value)
}
