import { z } from 'zod'
import './zod-config.js'

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export type LoginInput = z.infer<typeof loginSchema>

/** A code from the authenticator app (6 digits) or a recovery code (16 letters and digits). */
const codeField = z
  .string({ error: 'Code is required' })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Code is required')
      .regex(/^(\d{6}|[A-Z2-7]{16})$/, 'Enter the 6-digit code from your app, or a recovery code'),
  )

/** The second step of a sign-in with two-factor sign-in on. */
export const loginCodeSchema = z.object({
  challenge: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200),
  code: codeField,
})
export type LoginCodeInput = z.infer<typeof loginCodeSchema>

const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200)

/** Changes to how the admin signs in ask for the password again. */
export const confirmPasswordSchema = z.object({ password: passwordField })
export type ConfirmPasswordInput = z.infer<typeof confirmPasswordSchema>

/** Turning on two-factor sign-in: the first code from the app proves it is set up. */
export const enableTwoFactorSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Code is required')
        .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
    ),
  password: passwordField,
})
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>
