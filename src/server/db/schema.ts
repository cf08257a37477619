// Over 300 lines: Drizzle generates migrations from one schema file; splitting it by table would
// scatter the foreign keys and indexes that tie the tables together.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Amenity, FieldChanges, PageTranslations } from '../../shared/types.js'
import type { PagePublishing } from '../../shared/publishing.js'
import type { SeoFields } from '../../shared/seo-fields.js'
import type { ImageAlts } from '../../shared/image-alts.js'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const languages = pgTable('languages', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
})

// Content rows point at a language by code; ON UPDATE CASCADE lets an admin rename a code
// without orphaning what is written in it, and the RESTRICT keeps a used language alive.
const languageCode = () =>
  text('language')
    .notNull()
    .references(() => languages.code, { onUpdate: 'cascade', onDelete: 'restrict' })

// Publishing (decision 081): each language's row carries its own state. `draft` holds the
// editable fields of a pending change (the columns are the published version); a record never
// published has its first draft in both. Public reads test two columns of the row itself.
const publishingColumns = () => ({
  publishState: text('publish_state', { enum: ['published', 'draft', 'unpublished'] })
    .notNull()
    .default('published'),
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  version: integer('version').notNull().default(1),
  changedBy: text('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  scheduleError: text('schedule_error'),
  // Translations: the original's translated fields as they were when this one was last saved.
  sourceFingerprint: text('source_fingerprint'),
  sourceText: jsonb('source_text').$type<Record<string, string>>(),
  trashedAt: timestamp('trashed_at', { withTimezone: true }),
  trashedBy: text('trashed_by'),
})

// A record's own search and social fields in its language (decision 112); empty: derived.
const seoColumns = () => ({
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  ogImage: text('og_image'),
  noindex: boolean('noindex').notNull().default(false),
})

// Image path -> alt text in the row's language, or {decorative: true} (decision 115).
const imageAltsColumn = () =>
  jsonb('image_alts')
    .$type<ImageAlts>()
    .notNull()
    .default(sql`'{}'::jsonb`)

type RecordIndexColumns = Record<
  'id' | 'groupId' | 'parentId' | 'language' | 'createdAt' | 'publishState' | 'trashedAt',
  ExtraConfigColumn
>

/** A record table's indexes (projects, reviews), each named after the table. */
function recordIndexes(table: string, t: RecordIndexColumns) {
  return [
    uniqueIndex(`${table}_group_language`).on(t.groupId, t.language),
    // Lists page through newest first: originals for the site, every row for the admin.
    index(`${table}_originals_newest`)
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index(`${table}_newest`).on(t.createdAt.desc(), t.id.desc()),
    // ON DELETE CASCADE from an original finds its translations through this.
    index(`${table}_parent`).on(t.parentId),
    // The site's lists: public originals newest first (the translations come by group).
    index(`${table}_public_originals_newest`)
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.publishState} = 'published' and ${t.trashedAt} is null`),
    index(`${table}_trashed`)
      .on(t.trashedAt)
      .where(sql`${t.trashedAt} is not null`),
  ]
}

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    // An original is its own group; a translation's group is its original. One member per
    // language per group is what makes "a second translation into es" impossible.
    groupId: uuid('group_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    language: languageCode(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default(''),
    isShow: boolean('is_show').notNull().default(false),
    space: text('space').notNull().default(''),
    beds: integer('beds'),
    baths: integer('baths'),
    galleryTitle1: text('gallery_title1').notNull().default(''),
    galleryDesc1: text('gallery_desc1').notNull().default(''),
    galleryTitle2: text('gallery_title2').notNull().default(''),
    galleryDesc2: text('gallery_desc2').notNull().default(''),
    featuredImage: text('featured_image'),
    galleryBannerImage: text('gallery_banner_image'),
    galleryImages: jsonb('gallery_images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    amenities: jsonb('amenities')
      .$type<Amenity[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    brandDirection: text('brand_direction').notNull().default(''),
    isFeatured: boolean('is_featured').notNull().default(false),
    isHomePageFeatured: boolean('is_home_page_featured').notNull().default(false),
    isDetailPageFeatured: boolean('is_detail_page_featured').notNull().default(false),
    ...seoColumns(),
    imageAlts: imageAltsColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...publishingColumns(),
  },
  (t) => recordIndexes('projects', t),
)

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => reviews.id, { onDelete: 'cascade' }),
    language: languageCode(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    featuredImage: text('featured_image'),
    ...seoColumns(),
    imageAlts: imageAltsColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...publishingColumns(),
  },
  (t) => recordIndexes('reviews', t),
)

export const translationPages = pgTable('translation_pages', {
  id: uuid('id').primaryKey(),
  page: text('page').notNull().unique(),
  translations: jsonb('translations')
    .$type<PageTranslations>()
    .notNull()
    .default(sql`'[{}]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // `translations` holds only the published languages (what the site reads, as before); each
  // language's state, draft and withheld (unpublished) text are here, keyed by language code.
  publishing: jsonb('publishing')
    .$type<PagePublishing>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  // Each published language's SEO fields (decision 112); a draft's are in `publishing[lang].seoDraft`.
  seo: jsonb('seo')
    .$type<Record<string, SeoFields>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  // Grows with every change of the page, for If-Match on update-translation.
  version: integer('version').notNull().default(1),
})

export const adminRoles = ['owner', 'editor', 'translator'] as const
export type AdminRole = (typeof adminRoles)[number]

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  // A password the server generated (first start, reset by an operator) must be replaced at the
  // first sign-in; until then only the account calls answer.
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  // Two-factor sign-in (RFC 6238). Secrets are stored encrypted (secret-box.ts), never in clear.
  totpSecret: text('totp_secret'),
  // Set by "set up", moved to totpSecret by the first correct code.
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  // The time step of the last accepted code: a code is good once (no replay within its window).
  totpLastStep: integer('totp_last_step'),
  // Who may do what (issue 23, decision 088). The account that existed before roles is an owner.
  role: text('role', { enum: adminRoles }).notNull().default('owner'),
  // A translator's languages (codes); empty for owners and editors.
  languages: jsonb('languages')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  // A translator may publish their languages only when an owner switched this on.
  canPublish: boolean('can_publish').notNull().default(false),
  email: text('email'),
  // A deactivated account cannot sign in and its sessions are gone; its rows stay, named as theirs.
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
})

/**
 * An owner's invitation: a single-use link (only its hash here) valid 72 hours. The account is
 * made when the invitee sets a password, so a refused link creates nothing.
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: adminRoles }).notNull(),
    languages: jsonb('languages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    canPublish: boolean('can_publish').notNull().default(false),
    tokenHash: text('token_hash').notNull().unique(),
    // The token sealed with the server's key (secret-box.ts) until the mail has gone: the outbox
    // builds the link from it; cleared once it is accepted or revoked.
    sealedToken: text('sealed_token'),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [index('admin_invitations_pending').on(t.expiresAt)],
)

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    // Only a SHA-256 of the bearer token is stored: a leaked table opens no session.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // Shown in the Account screen's session list: the address of the last request, and the browser.
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('admin_sessions_admin').on(t.adminId), index('admin_sessions_last_seen').on(t.lastSeenAt)],
)

/** Ten per admin, made when two-factor sign-in is turned on; each works once. Only hashes are kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_hash').on(t.adminId, t.codeHash)],
)

/**
 * A password that was right, waiting for the second factor. The client holds a random token
 * (only its hash is here); it lives a few minutes and allows a few tries.
 */
export const adminLoginChallenges = pgTable(
  'admin_login_challenges',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_login_challenges_expires').on(t.expiresAt)],
)

/**
 * Counters for rate limits and sign-in throttling, shared by every server instance and kept
 * across restarts. One row per key, changed only by one atomic upsert (rate-limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    // The row means nothing after this (the window is over); the sweeper deletes it.
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
    // With a backoff: no further hit is allowed before this.
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_resets_at').on(t.resetsAt)],
)

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    services: text('services').notNull().default(''),
    message: text('message').notNull(),
    subject: text('subject').notNull(),
    // What the visitor was looking at (issue 11). The project is resolved by the server from the
    // slug or id the form sent; slug, title and language are kept as they were when it was sent,
    // so the lead still names the villa after the project is renamed or deleted.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    projectSlug: text('project_slug'),
    projectTitle: text('project_title'),
    projectLanguage: text('project_language'),
    // The language of the page it was sent from, and that page's address.
    language: text('language'),
    pageUrl: text('page_url'),
    // The campaign parameters of the visit's landing page (captured in the browser, no cookie).
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    // When the visitor ticked the consent box, and which wording they saw (decision 052).
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    // --- The enquiry workspace (issue 42, decisions 150-154) ---
    // A key of enquiry_stages ('new' … 'won', 'lost').
    stage: text('stage').notNull().default('new'),
    ownerId: uuid('owner_id').references(() => admins.id, { onDelete: 'set null' }),
    // The estimated budget in whole euros.
    value: integer('value'),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    // The followUpAt its reminder was mailed for: a moved follow-up is reminded again, a done one never.
    followUpSentFor: timestamp('follow_up_sent_for', { withTimezone: true }),
    followUpLeaseUntil: timestamp('follow_up_lease_until', { withTimezone: true }),
    followUpLeaseToken: uuid('follow_up_lease_token'),
    // One person, one card: enquiries of one contact share this id (null on rows from before: their own id).
    contactId: uuid('contact_id'),
    // The phone in E.164 when it parses, to recognise the same person typed differently.
    phoneE164: text('phone_e164'),
    // The unguessable part of the Reply-To address (MAIL_FROM with +token) that brings replies back.
    replyToken: text('reply_token').unique(),
    // The first reply sent or stage moved on: the response time counts to it.
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
  },
  (t) => [
    index('enquiries_newest').on(t.createdAt.desc(), t.id.desc()),
    index('enquiries_project').on(t.projectSlug),
    index('enquiries_contact').on(t.contactId),
    index('enquiries_owner_stage').on(t.ownerId, t.stage),
    index('enquiries_follow_up').on(t.followUpAt),
  ],
)

/** Where an enquiry is delivered. A new channel is a name here plus a sender (delivery/outbox.ts). */
export const deliveryChannels = ['mail', 'webhook', 'invitation', 'enquiry-mail'] as const
export type DeliveryChannel = (typeof deliveryChannels)[number]

/**
 * An outbox row's state, retried with backoff and claimed under a lease by one instance at a time
 * (background-loop.ts): the deliveries and the IndexNow submissions.
 */
const outboxColumns = () => ({
  status: text('status', { enum: ['pending', 'sent'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseToken: uuid('lease_token'),
})

// The outbox: one row per enquiry per channel (or one per invitation on 'invitation'), written in the enquiry's transaction. A row stays
// 'pending' until its channel accepts it. An instance claims due rows by setting a lease; a
// lease that runs out (the instance died) makes the row claimable again.
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey(),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'cascade' }),
    // An invitation mail (channel 'invitation') instead of an enquiry.
    invitationId: uuid('invitation_id').references(() => adminInvitations.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: deliveryChannels }).notNull(),
    ...outboxColumns(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    // Issue 42: a mail of an enquiry's timeline (a reply, a notice to its owner) on 'enquiry-mail'.
    enquiryEventId: uuid('enquiry_event_id').references((): AnyPgColumn => enquiryEvents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('deliveries_enquiry_channel').on(t.enquiryId, t.channel),
    index('deliveries_due').on(t.status, t.nextAttemptAt),
  ],
)

/** Small facts about this installation, e.g. whether the demo content was loaded completely. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

// Every stored upload. A row is written before its files, so a crash between the two leaves a
// row the sweeper finds, never a file nobody knows about.
export const images = pgTable('images', {
  path: text('path').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  format: text('format').notNull(),
  bytes: integer('bytes').notNull(),
  variantWidths: jsonb('variant_widths')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  avifReady: boolean('avif_ready').notNull().default(false),
  // The instance encoding this image's AVIF variants holds it until then (see deliveries).
  avifLeaseUntil: timestamp('avif_lease_until', { withTimezone: true }),
  // When the last record showing it let it go: its files stay a while (decision 161).
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: createdAt(),
})

// Bumped with every change to public content; instances compare it to learn of changes they
// were not told about (a notification lost while their listener reconnected).
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The one record of changes (decision 080): every change of content, settings and accounts and
 * every sign-in, appended in the transaction of the change it describes. Never updated; deleted
 * only by the retention prune. Content entries point at the version they made (the history), so
 * the audit timeline and a record's history name the same person and the same fields.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // Kept when the account is deactivated; the name is kept as it was at the time.
    actorId: uuid('actor_id').references(() => admins.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    action: text('action').notNull(),
    kind: text('kind').notNull(),
    recordId: text('record_id'),
    // What the record was called then ("Villa Mirador"), so the timeline reads after a rename or purge.
    recordLabel: text('record_label'),
    language: text('language'),
    changes: jsonb('changes')
      .$type<FieldChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    versionId: uuid('version_id'),
  },
  (t) => [
    index('audit_log_newest').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor').on(t.actorId, t.at.desc()),
    index('audit_log_record').on(t.kind, t.recordId, t.at.desc()),
  ],
)

// Visits (issue 25, decision 095): counters only, nothing about the visitor. Each dimension has its
// own table, so a report sums a few rows per day and not one row per combination. Every view adds
// to a row per day ('day') and per month, quarter and year ('month', 'quarter', 'year', `period`
// the first day; decision 114): a long range reads the coarsest periods it covers and only its
// partial months in days. Written by additive upserts, so instances add up.
export const STATS_GRAINS = ['day', 'month', 'quarter', 'year'] as const
const statsGrain = () => text('grain', { enum: STATS_GRAINS }).notNull()
const statsPeriod = () => date('period', { mode: 'string' }).notNull()
const statsViews = () => integer('views').notNull()

/**
 * The pages views are counted for, each once: its path, language, and project (the project's group
 * id, '' for other pages). Counts point at it by a small number, so a report sums narrow rows.
 */
export const visitPageNames = pgTable(
  'visit_page_names',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    path: text('path').notNull(),
    language: text('language').notNull(),
    project: text('project').notNull(),
  },
  (t) => [uniqueIndex('visit_page_names_page').on(t.path, t.language, t.project)],
)

/** Views per page (visitPageNames). */
export const visitPages = pgTable(
  'visit_pages',
  {
    grain: statsGrain(),
    period: statsPeriod(),
    page: integer('page').notNull(),
    views: statsViews(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.period, t.page] })],
)

/** Views per source: campaign source or referrer host ('' none), medium and campaign. */
export const visitSources = pgTable(
  'visit_sources',
  {
    grain: statsGrain(),
    period: statsPeriod(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    views: statsViews(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.period, t.source, t.medium, t.campaign] })],
)

/** Views per language: also the views per day, in few rows. */
export const visitLanguages = pgTable(
  'visit_languages',
  {
    grain: statsGrain(),
    period: statsPeriod(),
    language: text('language').notNull(),
    views: statsViews(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.period, t.language] })],
)

export const contentKinds = ['project', 'review', 'translation-page'] as const
export type ContentKind = (typeof contentKinds)[number]

/**
 * History (decision 082): one row per draft save, publish, unpublish and restore of one language
 * of one record, with the editable fields as they were then. Read only by the history screen
 * (by record, newest first); public reads never touch it. Pruned by count and age.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: contentKinds }).notNull(),
    recordId: uuid('record_id').notNull(),
    language: text('language').notNull(),
    number: integer('number').notNull(),
    state: text('state', { enum: ['draft', 'published', 'unpublished', 'restored'] }).notNull(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    changedBy: text('changed_by').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('content_versions_record').on(t.kind, t.recordId, t.language, t.number.desc()),
    index('content_versions_created').on(t.createdAt),
  ],
)

/**
 * A publish or unpublish due at a time (decision 083). Claimed like deliveries: FOR UPDATE SKIP
 * LOCKED and a lease; the run marks its row done in the change's own transaction, so it happens
 * once even when two instances race or a lease runs out.
 */
export const publishSchedules = pgTable(
  'publish_schedules',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: contentKinds }).notNull(),
    recordId: uuid('record_id').notNull(),
    // '' for projects and reviews (the record is one language); the code for a page text.
    language: text('language').notNull().default(''),
    action: text('action', { enum: ['publish', 'unpublish'] }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('publish_schedules_due')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('publish_schedules_record').on(t.kind, t.recordId, t.language),
  ],
)

/** Preview links (decision 084): the token is sealed; the row is what makes it valid and revocable. */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: contentKinds }).notNull(),
    recordId: uuid('record_id').notNull(),
    language: text('language').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('preview_links_record').on(t.kind, t.recordId, t.language),
    index('preview_links_expires').on(t.expiresAt),
  ],
)

/**
 * The business as the site describes it (issue 24): one row (id 1), its fields as one JSON
 * document checked by shared/schemas/site-settings.schema.ts. No row: the defaults.
 */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
})

/**
 * Old addresses and where they went (decision 101). Answered before any page is rendered: 301 to
 * `toPath`, or 410 when `status` is 410 (the record was trashed or purged). Chains are collapsed
 * when a row is written, so every row points straight at a final address. Rows made by a slug
 * change (later) name their record and language; the administrator's own rows name neither.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey(),
    fromPath: text('from_path').notNull().unique(),
    // A path on this site (/project/villa-sol) or an absolute http(s) URL; null when gone (410).
    toPath: text('to_path'),
    status: integer('status').notNull().default(301),
    // 'admin' (the Redirects screen), 'import' (CSV), 'slug' (a record's slug changed), 'trash'.
    source: text('source').notNull().default('admin'),
    recordKind: text('record_kind'),
    recordId: uuid('record_id'),
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('redirects_to').on(t.toPath), index('redirects_record').on(t.recordKind, t.recordId)],
)

/**
 * URLs to tell search engines about through IndexNow (issue 24, decision 104): one row per change,
 * written in the change's transaction, claimed and retried like the deliveries outbox.
 */
export const indexNowSubmissions = pgTable(
  'indexnow_submissions',
  {
    id: uuid('id').primaryKey(),
    urls: jsonb('urls').$type<string[]>().notNull(),
    ...outboxColumns(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('indexnow_submissions_due').on(t.status, t.nextAttemptAt)],
)

// ── Translation jobs (issue 41, decisions 148-149) ──────────────────────────────────────────
export const translationJobScopes = ['missing', 'outdated', 'all'] as const
export const translationJobMethods = ['xliff', 'machine'] as const
export const translationJobStates = ['open', 'running', 'paused', 'finished', 'cancelled'] as const

/**
 * A whole language at once (issue 41): what a scope needed when the job was made, sent to an
 * agency as XLIFF or translated by the machine in the background. Progress is counted from its
 * items, never kept beside them, so it cannot drift from what was done.
 */
export const translationJobs = pgTable(
  'translation_jobs',
  {
    id: uuid('id').primaryKey(),
    language: text('language')
      .notNull()
      .references(() => languages.code, { onUpdate: 'cascade', onDelete: 'cascade' }),
    sourceLanguage: text('source_language').notNull(),
    scope: text('scope', { enum: translationJobScopes }).notNull(),
    method: text('method', { enum: translationJobMethods }).notNull(),
    state: text('state', { enum: translationJobStates }).notNull().default('open'),
    // Why a machine job waits (the monthly cap, a provider down); cleared when it goes on.
    message: text('message'),
    createdBy: text('created_by').notNull(),
    createdById: uuid('created_by_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // Pauses a machine job until then (a provider that said 429, a cap reached): no busy loop.
    resumeAt: timestamp('resume_at', { withTimezone: true }),
  },
  (t) => [index('translation_jobs_newest').on(t.createdAt.desc(), t.id.desc())],
)

/**
 * One segment of one field of one record in a job: the unit an XLIFF file carries and the
 * machine translates. `sourceHash` is the fingerprint of the segment's source as exported; an
 * import applies a unit only while the record's source still has it. Machine items are claimed
 * like deliveries (FOR UPDATE SKIP LOCKED and a lease) and finished with their record's write.
 */
export const translationJobItems = pgTable(
  'translation_job_items',
  {
    id: uuid('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => translationJobs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: contentKinds }).notNull(),
    // The original's id (a project's or review's base-language row; a page text's row).
    recordId: uuid('record_id').notNull(),
    field: text('field').notNull(),
    segment: integer('segment').notNull(),
    // The unit's id in the XLIFF file: kind, record, field and segment with the source's hash.
    unitId: text('unit_id').notNull(),
    source: text('source').notNull(),
    sourceHash: text('source_hash').notNull(),
    state: text('state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    target: text('target'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('translation_job_items_unit').on(t.jobId, t.unitId),
    index('translation_job_items_record').on(t.jobId, t.kind, t.recordId),
    index('translation_job_items_pending').on(t.jobId, t.state),
  ],
)

// ── Translation workbench core (issue 40, decisions 140-144) ─────────────────────────────────

/**
 * Translation memory: each published target segment with its source segment, per language pair.
 * A person's published text replaces the machine's (`origin`).
 */
export const translationMemory = pgTable(
  'translation_memory',
  {
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    origin: text('origin', { enum: ['person', 'machine'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sourceLanguage, t.targetLanguage, t.source] })],
)

/** Glossary terms per language pair; `target` null: never translated. */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    source: text('source').notNull(),
    target: text('target'),
  },
  (t) => [primaryKey({ columns: [t.sourceLanguage, t.targetLanguage, t.source] })],
)

/** Characters sent to a machine provider, per provider and month ('2026-11'). */
export const machineUsage = pgTable(
  'machine_usage',
  {
    provider: text('provider').notNull(),
    month: text('month').notNull(),
    characters: bigint('characters', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.month] })],
)

/**
 * What a machine last wrote into a field of a translation's draft (a project's or review's
 * translation row, or a page text's row and language). The field is unreviewed while its text is
 * still this; a person's edit or an approval ends that.
 */
export const machineFills = pgTable(
  'machine_fills',
  {
    kind: text('kind', { enum: contentKinds }).notNull(),
    recordId: uuid('record_id').notNull(),
    language: text('language').notNull(),
    field: text('field').notNull(),
    text: text('text').notNull(),
    provider: text('provider').notNull(),
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId, t.language, t.field] })],
)
// ---------------------------------------------------------------------------------------------
// The enquiry workspace (issue 42, decisions 150-154): stages, assignment rules, the timeline and
// the mail attached to it. Erasing an enquiry cascades to all of it.

/** The board's columns, in order; no rows: the defaults (enquiry-stages.ts). */
export const enquiryStages = pgTable('enquiry_stages', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull(),
})

/** Who gets a new enquiry: by project first, then by language (enquiry-assignment.ts). */
export const enquiryRules = pgTable('enquiry_rules', {
  id: uuid('id').primaryKey(),
  position: integer('position').notNull(),
  language: text('language'),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
})

/** Whose turn it is (one row, id 1): locked in the enquiry's transaction, so turns are fair across instances. */
export const enquiryAssignmentTurn = pgTable('enquiry_assignment_turn', {
  id: integer('id').primaryKey(),
  lastOwnerId: uuid('last_owner_id'),
})

export interface EnquiryAttachmentNote {
  id: string | null
  name: string
  size: number
  kept: boolean
}

/** A mail the outbox sends for a timeline item (a reply, a notice to the owner). */
export interface EnquiryOutgoingMail {
  to: string
  subject: string
  text: string
  messageId?: string
  inReplyTo?: string
  references?: string[]
  replyTo?: string
}

/**
 * The timeline: assigned, stage, note, mail-out, mail-in, merged, follow-up (created is the
 * enquiry itself). A mail's Message-ID is unique: an incoming message is attached once, by
 * whichever instance inserts it first (the insert is the claim).
 */
export const enquiryEvents = pgTable(
  'enquiry_events',
  {
    id: uuid('id').primaryKey(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => admins.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    text: text('text'),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    subject: text('subject'),
    mailFrom: text('mail_from'),
    messageId: text('message_id').unique(),
    outgoing: jsonb('outgoing').$type<EnquiryOutgoingMail>(),
    attachments: jsonb('attachments').$type<EnquiryAttachmentNote[]>(),
  },
  (t) => [index('enquiry_events_enquiry').on(t.enquiryId, t.at)],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/** Attachments of incoming mail up to 10 MB (larger ones are named on the timeline, not kept). */
export const enquiryAttachments = pgTable('enquiry_attachments', {
  id: uuid('id').primaryKey(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => enquiryEvents.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
})
