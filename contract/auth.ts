import { mediaMap, text } from './common';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './constants';
import { z } from './messages';
import { TEXTS } from './texts';

export const usernameSchema = text()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, TEXTS.usernameChars);

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Shared registration schema (SPEC §5): what the client sends and the server checks. */
export const registerBody = z.object({
  username: usernameSchema,
  email: z.email().trim().max(254),
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The form adds confirmPassword, which is never sent. */
export const registerForm = registerBody
  .extend({ confirmPassword: z.string().min(1, TEXTS.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: TEXTS.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const loginBody = z.object({
  username: text().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in user as GET /api/user answers it. Email goes only to its owner. */
export const currentUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  avatar: z.string().nullable(),
  coverImage: z.string().nullable(),
  role: z.enum(USER_ROLES),
  joinedAt: z.string(),
  /** Abilities the web acts on (it never re-derives a rule from the role). */
  canAccessAdmin: z.boolean(),
  media: mediaMap.optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** POST /api/user/password: the current password proves it is the owner; other sessions end. */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Settings' change-password form adds the confirmation, which is never sent. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, TEXTS.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: TEXTS.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** GET /api/admin/users: players as the Manage Admins view lists them. */
export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(USER_ROLES),
  media: mediaMap.optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersQuery = z.object({ q: text().trim().max(USERNAME_MAX).optional() });
export const setRoleBody = z.object({ role: z.enum(USER_ROLES) });
export type SetRoleBody = z.infer<typeof setRoleBody>;
