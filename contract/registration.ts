/**
 * Registration confirmed by email (issue 24: the same answer for a known and an unknown email).
 * A module apart from contract/auth.ts: the first paint carries AUTH_TEXTS (sign out), and the web
 * build puts a contract module's values used at first paint in the first chunk whole, so these
 * load with the forms that show them instead.
 */
export const AUTH_CONFIRM_TEXTS = {
  checkEmail: 'Check your email to finish signing up.',
  confirmExpired: 'This link has expired or was already used. Sign up again.',
  checkEmailTitle: 'Check your email',
  checkEmailSentTo: 'We sent a link to finish signing up to',
  checkEmailHint: 'The link works for 24 hours. Nothing arrived? Check your spam folder, or sign up again.',
  useAnotherAddress: 'Use another address',
  confirming: 'Finishing your sign-up...',
  confirmFailed: 'Could not finish signing up',
  signUpAgain: 'Sign up again',
} as const;
