import { z } from 'zod'

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export type LoginInput = z.infer<typeof loginSchema>

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(12, 'New password must be at least 12 characters')
    .max(200, 'New password must be at most 200 characters'),
})
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>
