// The shapes the API answers with (SPEC section 3). Every entity carries `_id`.

export interface Amenity {
  title: string
  image: string | null
}

/** SPEC: "a list whose first element maps a language code to an object of source text to translated text". */
export type PageTranslations = Record<string, Record<string, string>>[]

export interface TranslationLink {
  code: string
  slug: string
}

export interface ParentRef {
  _id: string
  slug: string
  language: string
  translations: TranslationLink[]
}

export interface Project {
  _id: string
  title: string
  description: string
  slug: string
  status: string
  isShow: boolean
  space: string
  beds: number | null
  baths: number | null
  galleryTitle1: string
  galleryDesc1: string
  galleryTitle2: string
  galleryDesc2: string
  featuredImage: string | null
  galleryBannerImage: string | null
  galleryImages: string[]
  amenities: Amenity[]
  language: string
  parentId: ParentRef | null
  translations: TranslationLink[]
  brandDirection: string
  isFeatured: boolean
  isHomePageFeatured: boolean
  isDetailPageFeatured: boolean
  createdAt: string
  updatedAt: string
}

export interface ReviewParentRef {
  _id: string
  language: string
}

export interface Review {
  _id: string
  title: string
  description: string
  featuredImage: string | null
  language: string
  parentId: ReviewParentRef | null
  /** Languages of the other members of this review's translation group. */
  translations: { code: string; _id: string }[]
  createdAt: string
  updatedAt: string
}

export interface Language {
  _id: string
  name: string
  code: string
}

export interface TranslationPage {
  _id: string
  page: string
  translations: PageTranslations
  createdAt: string
  updatedAt: string
}

export type DeliveryStatus = 'pending' | 'sent'

export interface Enquiry {
  _id: string
  fname: string
  lname: string
  email: string
  phone: string
  services: string
  message: string
  subject: string
  createdAt: string
  deliveryStatus: DeliveryStatus
  deliveryAttempts: number
  lastError: string | null
  deliveredAt: string | null
  handledAt: string | null
}
