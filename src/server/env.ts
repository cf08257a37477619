import path from 'node:path'
import { z } from 'zod'

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
    SEED_DEMO: flag(true),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: z.string().default('Costa del Sol Villas <no-reply@localhost>'),
    CONTACT_TO: z.string().default('enquiries@localhost'),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_USERNAME, {
    message: 'ADMIN_PASSWORD needs ADMIN_USERNAME',
    path: ['ADMIN_USERNAME'],
  })

export type Env = z.output<typeof envSchema>

/** Parses process.env once at start; a bad value stops the server with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) }
}
