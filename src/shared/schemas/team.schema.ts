import { z } from 'zod'
import './zod-config.js'
import { languageCodeSchema } from './language.schema.js'

// Accounts, invitations, settings and the audit log's filters (issue 23), for the server and the
// back office's forms alike.

export const ROLES = ['owner', 'editor', 'translator'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', translator: 'Translator' }

const roleField = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined
      ? 'Role is required'
      : `There is no role "${String(issue.input)}"; roles are owner, editor and translator`,
})

const languagesField = z
  .array(languageCodeSchema, { error: 'Languages must be a list of language codes' })
  .max(50, 'Too many languages')

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(2, 'Username must be at least 2 characters')
  .max(60, 'Username must be at most 60 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._@-]*$/u, 'Username may hold letters, digits, dots, dashes, @ and underscores')

export const inviteSchema = z.object({
  username: usernameSchema,
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(200)
    .pipe(z.email({ error: 'Email is not valid' })),
  role: roleField,
  languages: languagesField.optional().default([]),
  canPublish: z.boolean({ error: 'canPublish must be true or false' }).optional().default(false),
})
export type InviteInput = z.infer<typeof inviteSchema>

export const updateUserSchema = z.object({
  role: roleField.optional(),
  languages: languagesField.optional(),
  canPublish: z.boolean({ error: 'canPublish must be true or false' }).optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
})
export type UpdateUserInput = z.infer<typeof updateUserSchema>

export const acceptInvitationSchema = z.object({
  token: z.string({ error: 'This invitation link is not valid' }).min(1, 'This invitation link is not valid').max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>

export const signInRulesSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }).optional(),
})
export type SignInRulesInput = z.infer<typeof signInRulesSchema>

const isoTime = (label: string) =>
  z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a date or time such as 2026-11-25`)
    .optional()

export const auditLogQuerySchema = z.object({
  person: z.string().trim().max(100).optional(),
  kind: z.string().trim().max(40).optional(),
  record: z.string().trim().max(100).optional(),
  language: z.string().trim().max(20).optional(),
  from: isoTime('from'),
  to: isoTime('to'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).optional().default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).optional().default(0),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional().default('json'),
})
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>
