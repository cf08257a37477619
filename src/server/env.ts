import path from 'node:path'
import { z } from 'zod'
import { passwordProblem } from '../shared/schemas/password.schema.js'
import { trustProxySchema } from './trust-proxy.js'

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)))

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional())

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded database)'),
    ),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    ADMIN_USERNAME: optional(z.string().trim().min(1).max(100)),
    ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters').max(200)),
    // Sets ADMIN_PASSWORD even though the admin exists (otherwise it only creates the admin).
    ADMIN_PASSWORD_RESET: flag(false),
    // Encrypts two-factor secrets in the database; without it a key file in DATA_DIR is made.
    ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters').max(500)),
    SEED_DEMO: flag(true),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: z.string().default('Costa del Sol Villas <no-reply@localhost>'),
    CONTACT_TO: z.string().default('enquiries@localhost'),
    // The mailbox that receives MAIL_FROM's mail, where visitors' replies come back (issue 42).
    IMAP_URL: optional(
      z.string().regex(/^imaps?:\/\/[^@/]+@[^/]+/, 'must be an imap:// or imaps://user:password@host:port/INBOX URL'),
    ),
    // The longest wait between looks at IMAP_URL (IDLE tells of new mail sooner when the server has it).
    IMAP_POLL_SECONDS: z.coerce.number().positive().max(3600).default(60),
    UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(200).default(15),
    UPLOAD_MAX_FILES: z.coerce.number().int().positive().max(200).default(40),
    UPLOAD_MAX_PIXELS: z.coerce.number().int().positive().default(50_000_000),
    S3_BUCKET: optional(z.string()),
    S3_ENDPOINT: optional(z.url()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    // Per-IP limits; raise them only for load or end-to-end tests.
    LOGIN_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(20),
    ENQUIRIES_PER_IP_PER_15_MIN: z.coerce.number().int().positive().default(10),
    // Rendered pages kept in memory: the bytes bound is the one that matters for a large catalogue.
    // 0 keeps nothing (every visit renders: for measuring, or to rule the cache out).
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    PAGE_CACHE_MAX_PAGES: z.coerce.number().int().positive().default(2000),
    // The public API's answers (decision 070): memory, and files under DATA_DIR for the largest.
    // API_CACHE_MB=0 keeps none (every call builds: for measuring).
    API_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    API_CACHE_DISK_MB: z.coerce.number().min(0).max(65536).default(256),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Operations: several instances, proxies, backups, shutdown (docs/operations.md).
    TRUST_PROXY: trustProxySchema.default(false),
    UPLOADS_DIR: optional(z.string()),
    // Encoded images kept by their input (storage/encoded-images.ts, decision 132): for tests and CI.
    IMAGE_CACHE_DIR: optional(z.string()),
    // How long an image no record shows any more keeps its files (decision 161); 0 deletes at once.
    RELEASED_IMAGES_KEEP_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
    WORKERS: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { error: 'must be a number or auto' })
      .default(1),
    // A thread of its own takes the visitors' connections and answers cached pages (decision 163).
    CACHE_THREAD: flag(false),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(600).default(25),
    MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
    DELIVERY_LEASE_SECONDS: z.coerce.number().positive().default(120),
    // How long an instance holds the sentences of a machine job it sends (issue 41); one that died
    // holding some lets go after this. Above the provider's 20 s timeout.
    MT_JOB_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(120),
    // Leads (issue 11, decisions 051-053).
    // Enquiries older than this many months are deleted; unset or 0 keeps them (off by default).
    ENQUIRY_RETENTION_MONTHS: optional(z.coerce.number().int().min(0).max(600)),
    // Audit log entries older than this many months are deleted (issue 23; at least 1).
    AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(24),
    // Digits of an international number (+34 600 000 000 works too); unset shows no button.
    WHATSAPP_NUMBER: optional(
      z
        .string()
        .transform((v) => v.replace(/[\s().-]/g, '').replace(/^\+/, ''))
        .pipe(z.string().regex(/^[1-9]\d{6,14}$/, 'must be an international phone number, e.g. +34600000000')),
    ),
    LEAD_WEBHOOK_URL: optional(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL')),
    LEAD_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters').max(500)),
    // Visit counts (issue 25, decision 095): deleted after this many months.
    STATS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(25),
    // IndexNow (issue 24, decision 104): changed addresses are sent to search engines.
    INDEXNOW_KEY: optional(z.string().regex(/^[a-zA-Z0-9-]{8,128}$/, 'must be 8 to 128 letters, digits or dashes')),
    INDEXNOW_URL: z
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .default('https://api.indexnow.org/indexnow'),
    BACKUP_DIR: optional(z.string()),
    BACKUP_INTERVAL_HOURS: z.coerce.number().positive().default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    // Publishing (issue 22, decisions 081-085).
    PREVIEW_LINK_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(24),
    VERSIONS_KEEP: z.coerce.number().int().min(1).max(10_000).default(50),
    VERSIONS_MAX_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    TRASH_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
    // Metrics (issue 44, decision 127): GET /metrics is off unless one of these is set.
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters').max(500)),
    // 0 takes any free port (tests).
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    // Machine translation (issue 40, decision 141): the first provider configured is used.
    DEEPL_API_KEY: optional(z.string().min(1).max(200)),
    DEEPL_API_URL: optional(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL')),
    LIBRETRANSLATE_URL: optional(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL')),
    LIBRETRANSLATE_API_KEY: optional(z.string().max(200)),
    APERTIUM_URL: optional(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL')),
    MT_MONTHLY_CHARACTERS: optional(z.coerce.number().int().min(0)),
    MT_REQUIRE_REVIEW: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_USERNAME, {
    message: 'ADMIN_PASSWORD needs ADMIN_USERNAME',
    path: ['ADMIN_USERNAME'],
  })
  .refine((env) => !env.LEAD_WEBHOOK_URL || env.LEAD_WEBHOOK_SECRET, {
    message: 'LEAD_WEBHOOK_URL needs LEAD_WEBHOOK_SECRET (leads are always signed)',
    path: ['LEAD_WEBHOOK_SECRET'],
  })
  // The same rules as a password chosen in the Account screen.
  .superRefine((env, ctx) => {
    if (!env.ADMIN_PASSWORD || !env.ADMIN_USERNAME) return
    const problem = passwordProblem(env.ADMIN_PASSWORD, env.ADMIN_USERNAME, 'it')
    if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^it /, ''), path: ['ADMIN_PASSWORD'] })
  })

export type Env = Omit<z.output<typeof envSchema>, 'UPLOADS_DIR'> & { UPLOADS_DIR: string }

/** Parses process.env once at start; a bad value stops the server with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const { DATA_DIR, UPLOADS_DIR, BACKUP_DIR } = result.data
  return {
    ...result.data,
    DATA_DIR: path.resolve(DATA_DIR),
    UPLOADS_DIR: path.resolve(UPLOADS_DIR ?? path.join(DATA_DIR, 'uploads')),
    BACKUP_DIR: BACKUP_DIR && path.resolve(BACKUP_DIR),
  }
}
