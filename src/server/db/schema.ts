import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Amenity, PageTranslations } from '../../shared/types.js'

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_group_language').on(t.groupId, t.language),
    index('projects_created_at').on(t.createdAt),
  ],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reviews_group_language').on(t.groupId, t.language)],
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
})

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
})

export const adminSessions = pgTable('admin_sessions', {
  id: uuid('id').primaryKey(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  // Only a SHA-256 of the bearer token is stored: a leaked table opens no session.
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
})

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
    createdAt: createdAt(),
    // The outbox: 'pending' until the mail server accepts it, then 'sent'.
    deliveryStatus: text('delivery_status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('enquiries_outbox').on(t.deliveryStatus, t.nextAttemptAt),
    index('enquiries_created_at').on(t.createdAt),
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
  createdAt: createdAt(),
})
