import { mediaMap, text } from './common';
import { z } from './messages';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Accounts: the /auth page, sign-in and registration, Settings' security and deletion (SPEC §2, §5, §8). */
export const AUTH_TEXTS = {
  marketing: ['5K+ Active Players', '200+ Weekly Events', '1K+ Gear Items'],
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  accountDeleted: 'Account deleted',
  accountDeleteFailed: 'Failed to delete account',
  passwordChanged: 'Password changed. Other sessions were signed out.',
  passwordChangeFailed: 'Failed to change password',
  otherSessionsRevoked: 'Signed out everywhere else',
  otherSessionsRevokeFailed: 'Failed to sign out other sessions',
  // Server-side messages
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  invalidCredentials: 'Invalid username or password',
  commonPassword: 'This password is too common, choose another',
  usernameChars: "Username may only contain letters, digits, '_', '-' and '.'",
  usernameReserved: 'This username is reserved',
  wrongCurrentPassword: 'Current password is incorrect',
  leaderMustHandOver: 'You lead a team with other members: hand the team over or disband it first',
} as const;

export const usernameSchema = text()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, AUTH_TEXTS.usernameChars);

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Shared registration schema (SPEC §5): what the client sends and the server checks. */
export const registerBody = z.object({
  username: usernameSchema,
  email: z.email().trim().max(254),
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * POST /api/register's answer when mail is configured (SMTP_URL): 202, the same for a new and a
 * known email, and no session; the account is made by POST /api/register/confirm from the mailed link.
 */
export const registrationPending = z.object({ message: z.string() });
export type RegistrationPending = z.infer<typeof registrationPending>;

/** How long a registration waits for its confirmation link to be followed. */
export const REGISTRATION_CONFIRM_HOURS = 24;

/** POST /api/register/confirm: the token of the mailed link (/auth/confirm?token=...). */
export const confirmRegistrationBody = z.object({ token: text().min(1).max(200) });
export type ConfirmRegistrationBody = z.infer<typeof confirmRegistrationBody>;

/** The form adds confirmPassword, which is never sent. */
export const registerForm = registerBody
  .extend({ confirmPassword: z.string().min(1, AUTH_TEXTS.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_TEXTS.passwordsDontMatch,
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
  /** A suspension (issue 24): null, the ISO time it ends, or 'indefinite' (until an admin lifts it). */
  suspendedUntil: z.string().nullable().optional(),
  /** Why, when suspended. */
  suspensionReason: z.string().nullable().optional(),
  media: mediaMap.optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * The id of the JSON block in which the HTML of an app page carries its viewer (decision 020): the
 * answer of GET /api/user for the session's user, or null when signed out.
 */
export const VIEWER_DATA_ID = 'viewer-data';

/** POST /api/user/password: the current password proves it is the owner; other sessions end. */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Settings' change-password form adds the confirmation, which is never sent. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, AUTH_TEXTS.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_TEXTS.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
