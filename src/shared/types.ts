// The shapes the API answers with (SPEC section 3). Every entity carries `_id`.
import type { SeoFields } from './seo-fields.js'
import type { ImageAlts } from './image-alts.js'

export interface Amenity {
  title: string
  image: string | null
}

/** SPEC: "a list whose first element maps a language code to an object of source text to translated text". */
export type PageTranslations = Record<string, Record<string, string>>[]

export interface TranslationLink {
  code: string
  slug: string
  /** Present when that version is kept out of search: it leaves every hreflang set (decision 112). */
  noindex?: true
}

export interface ParentRef {
  _id: string
  slug: string
  language: string
  translations: TranslationLink[]
  /** The original's alt text, which a translation's page shows where it has none (decision 115). */
  imageAlts: ImageAlts
}

export interface Project extends SeoFields {
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
  /** Alt text per image path in this language, or {decorative: true} (decision 115). */
  imageAlts: ImageAlts
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
  imageAlts: ImageAlts
}

export interface Review extends SeoFields {
  _id: string
  title: string
  description: string
  featuredImage: string | null
  imageAlts: ImageAlts
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
  /** Issue 11: the project the visitor asked about, as it was when they sent it. */
  project: EnquiryProject | null
  /** The language of the page it was sent from. */
  language: string | null
  pageUrl: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  gclid: string | null
  fbclid: string | null
  /** When the visitor ticked the consent box (null: sent through the API without it). */
  consentAt: string | null
  /** The version of the consent wording and the language it was shown in, and a hash of that wording: `2026-11-24/es/5c1f09ab`. */
  consentVersion: string | null
  /** Every channel's delivery: mail always, webhook when LEAD_WEBHOOK_URL is set. */
  deliveries: EnquiryDelivery[]
  /** Issue 42: the workspace. A key of GET /enquiry-stages. */
  stage: string
  ownerId: string | null
  /** The owner's user name (null: nobody, or the account is gone). */
  ownerName: string | null
  /** Estimated budget in whole euros. */
  value: number | null
  followUpAt: string | null
  /** Enquiries of one person share it. */
  contactId: string
}

/** GET /get-enquiry/{id}: the enquiry and the contact's other enquiries. */
export interface EnquiryDetail extends Enquiry {
  contactEnquiries: { _id: string; createdAt: string; stage: string; subject: string; project: EnquiryProject | null }[]
}

export interface EnquiryStage {
  key: string
  label: string
}

export interface EnquiryRule {
  language: string | null
  projectId: string | null
  ownerId: string
}

export type EnquiryTimelineType =
  'created' | 'assigned' | 'stage' | 'note' | 'mail-out' | 'mail-in' | 'merged' | 'follow-up'

/** GET /enquiries/{id}/timeline: one thing that happened, newest last. */
export interface EnquiryTimelineItem {
  _id: string
  type: EnquiryTimelineType
  at: string
  /** Who did it; null for the server itself or the visitor. */
  by: { _id: string | null; name: string } | null
  /** A note's or a mail's body (plain text, never markup). */
  text?: string
  /** A stage change's or an assignment's from/to (stage keys; for 'assigned', owner names). */
  from?: string | null
  to?: string | null
  subject?: string
  /** A mail's sender (mail-in) or recipient (mail-out). */
  address?: string
  attachments?: { _id: string | null; name: string; size: number; kept: boolean }[]
}

export interface EnquiryProject {
  /** Null once the project itself has been deleted. */
  _id: string | null
  slug: string
  title: string
  language: string
}

export interface EnquiryDelivery {
  channel: 'mail' | 'webhook'
  status: DeliveryStatus
  attempts: number
  lastError: string | null
  deliveredAt: string | null
}

/** GET /get-account: the signed-in admin. */
export interface AccountSummary {
  username: string
  role: 'owner' | 'editor' | 'translator'
  languages: string[]
  canPublish: boolean
  permissions: Permissions
  /** An owner requires two-factor sign-in of everyone and it is off here: only Account works. */
  mustEnableTwoFactor: boolean
  /** A generated password is still in use: nothing but Account works until it is changed. */
  mustChangePassword: boolean
  twoFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number }
}

/** GET /get-sessions: one signed-in browser. */
export interface SessionSummary {
  _id: string
  createdAt: string
  lastSeenAt: string
  /** Address of the latest request. */
  ip: string
  /** e.g. "Firefox on Windows"; the full user agent is in userAgent. */
  browser: string
  userAgent: string
  /** The session this request is made in. */
  current: boolean
}

/** POST /setup-two-factor. */
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string
  /** The otpauth:// URI the QR code carries. */
  uri: string
  /** The QR code as an SVG data: URL. */
  qrCode: string
}

/** What one change did to a record's fields, by field name (the audit log and the history). */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>

/** The owner's settings of the back office (GET/PUT /settings). */
export interface SignInRules {
  /** Everyone must turn on two-factor sign-in before anything but Account works. */
  requireTwoFactor: boolean
}

/** What the signed-in person may do; the back office shows only that. */
export interface Permissions {
  createOriginal: boolean
  delete: boolean
  enquiries: boolean
  stats: boolean
  languages: boolean
  settings: boolean
  redirects: boolean
  seoReport: boolean
  accounts: boolean
  auditLog: boolean
  /** A translator's languages they may publish (empty: none); null for owners and editors. */
  publishLanguages: string[] | null
}

/** GET /users: one account. */
export interface UserSummary {
  _id: string
  username: string
  email: string | null
  role: 'owner' | 'editor' | 'translator'
  languages: string[]
  canPublish: boolean
  active: boolean
  twoFactor: boolean
  createdAt: string
  lastSeenAt: string | null
}

/** GET /users: an invitation not yet accepted. */
export interface InvitationSummary {
  _id: string
  username: string
  email: string
  role: 'owner' | 'editor' | 'translator'
  languages: string[]
  canPublish: boolean
  invitedBy: string
  createdAt: string
  expiresAt: string
  expired: boolean
  /** The mail went out (the outbox delivered it). */
  mailed: boolean
}

/** GET /audit-log: one entry. */
export interface AuditEntrySummary {
  _id: string
  at: string
  actorId: string | null
  actorName: string
  ip: string | null
  action: string
  kind: string
  recordId: string | null
  recordLabel: string | null
  language: string | null
  changes: FieldChanges
}
