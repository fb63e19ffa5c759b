/** Sign-in texts of spec 000 §4 and §8, letter for letter. */
export const AUTH_TEXTS = {
  loginErrorTitle: 'Login Unsuccessful',
  loginErrorMessage: "Oops...looks like that Login doesn't exist.",
  loginErrorNotice: 'There was an error logging in.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notMember: 'You are not a member of this group.',
  forbidden: 'You do not have permission to do this.',
} as const;
