import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { z } from 'zod'
import './zod-config.js'
import { COMPANY_NAME } from '../constants.js'

// The rules for a new admin password, the same in the Account form and on the server
// (decision 031). The common-password list and the guessability estimate come from zxcvbn-ts
// and its bundled list of common passwords.

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 200

// zxcvbn's score: 3 means "safely unguessable" (about 10^10 guesses), the usual floor.
const MIN_SCORE = 3

// Built on first use: ranking the dictionaries takes a moment, and most pages never need it.
let estimator: ZxcvbnFactory | undefined
const estimate = (password: string, context: string[]) =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })).check(password, context)

// Why zxcvbn finds a password easy, in the admin's words (its own texts need a language pack).
const REASONS: Record<string, string> = {
  topTen: 'is one of the most common passwords',
  topHundred: 'is one of the most common passwords',
  common: 'is a common password',
  similarToCommon: 'is too close to a common password',
  simpleRepeat: 'repeats the same characters',
  extendedRepeat: 'repeats the same characters or words',
  sequences: 'is a sequence such as abc or 1234',
  straightRow: 'is a row of keys',
  keyPattern: 'is a keyboard pattern',
  recentYears: 'is mostly a year',
  dates: 'is mostly a date',
  userInputs: 'is too close to the user name or the company name',
}

/** Lower case, letters and digits only: "Costa del Sol" and "costa-del-sol" look alike. */
const squash = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** The first rule a new password breaks, as a sentence that names the field; null when it passes. */
export function passwordProblem(password: string, username: string, label = 'New password'): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`
  const flat = squash(password)
  // A user name of one or two characters would rule out half the alphabet.
  const user = squash(username)
  if (user.length >= 3 && flat.includes(user)) return `${label} must not contain the user name`
  if (flat.includes(squash(COMPANY_NAME))) return `${label} must not contain the company name`
  const result = estimate(password, [username, COMPANY_NAME])
  if (result.score >= MIN_SCORE) return null
  const reason = REASONS[result.feedback.warning ?? ''] ?? 'is too easy to guess'
  return `${label} ${reason}. Try a few unrelated words.`
}

/** A new password for this user name. */
export const newPasswordField = (username: string, label = 'New password') =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value, username, label)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })

/** The Account screen's change of password, for the signed-in user name. */
export const changePasswordSchema = (username: string) =>
  z
    .object({
      currentPassword: z
        .string({ error: 'Current password is required' })
        .min(1, 'Current password is required')
        .max(PASSWORD_MAX_LENGTH),
      newPassword: newPasswordField(username),
    })
    .refine((input) => input.newPassword !== input.currentPassword, {
      message: 'New password must differ from the current one',
      path: ['newPassword'],
    })
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>
