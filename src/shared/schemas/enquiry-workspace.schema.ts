import { z } from 'zod'
import { optionalText, requiredText } from './fields.js'

/** The two ends of the board: always there, always last (decision 150). */
export const CLOSED_STAGES = ['won', 'lost'] as const

/** Whether a stage is one of the two ends (a deal won or lost). */
export const isClosedStage = (key: string) => (CLOSED_STAGES as readonly string[]).includes(key)

/**
 * Whether an enquiry still waits for the team: not marked handled, and not won or lost (a closed
 * deal is dealt with). The dashboard's count (stats/attention.ts) asks the same in SQL.
 */
export const awaitsHandling = (enquiry: { handledAt: string | null; stage: string }) =>
  !enquiry.handledAt && !isClosedStage(enquiry.stage)

export const DEFAULT_ENQUIRY_STAGES = [
  { key: 'new', label: 'New' },
  { key: 'contacted', label: 'Contacted' },
  { key: 'meeting', label: 'Meeting' },
  { key: 'proposal', label: 'Proposal' },
  { key: 'won', label: 'Won' },
  { key: 'lost', label: 'Lost' },
] as const

const uuid = (field: string) =>
  z
    .string({ error: `${field} must be a team member's id` })
    .regex(/^[0-9a-f-]{36}$/i, `${field} must be a team member's id`)

const stageKey = z
  .string({ error: 'stage must be a stage key' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'stage keys are lower-case letters, digits and dashes (at most 40)')

/** PUT /update-enquiry/{id}: any of these; the server checks the stage and owner exist. */
export const enquiryUpdateSchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }).optional(),
  stage: z.string({ error: 'stage must be a stage key' }).trim().min(1, 'stage must be a stage key').optional(),
  ownerId: uuid('ownerId').nullable().optional(),
  value: z
    .number({ error: 'value must be a number of euros' })
    .int('value must be a whole number of euros')
    .min(0, 'value must be 0 or more')
    .max(2_000_000_000, 'value must be at most 2,000,000,000')
    .nullable()
    .optional(),
  followUpAt: z.iso
    .datetime({ offset: true, error: 'followUpAt must be a date and time (ISO 8601)' })
    .nullable()
    .optional(),
})
export type EnquiryUpdate = z.output<typeof enquiryUpdateSchema>

export const enquiryStagesSchema = z.object({
  stages: z
    .array(
      z.object({
        key: stageKey,
        label: requiredText('Stage name', 60),
      }),
      { error: 'stages must be a list of { key, label }' },
    )
    .min(3, 'stages must have at least one open stage besides won and lost')
    .max(30, 'stages may be at most 30'),
})

export const enquiryRulesSchema = z.object({
  rules: z
    .array(
      z.object({
        language: z
          .string({ error: 'language must be a language code' })
          .trim()
          .max(20, 'language must be a language code')
          .optional()
          .nullable()
          .transform((v) => v || null),
        projectId: uuid('projectId')
          .optional()
          .nullable()
          .transform((v) => v || null),
        ownerId: uuid('ownerId'),
      }),
      { error: 'rules must be a list of { language?, projectId?, ownerId }' },
    )
    .max(200, 'rules may be at most 200'),
})

export const enquiryNoteSchema = z.object({ text: requiredText('Note', 10_000) })

export const enquiryReplySchema = z.object({
  text: requiredText('Reply', 50_000),
  subject: optionalText('Subject', 200).optional(),
})
