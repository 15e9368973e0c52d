/**
 * The site's password rule, for the site's users and the admin panel's (docs/decisions.md,
 * "Closing the doors"): at least PASSWORD_MIN_LENGTH characters, no composition rules. The content
 * system enforces it (cms/src/password-policy.ts); the reset page checks it before sending.
 */
export const PASSWORD_MIN_LENGTH = 12;

/** Characters as a reader counts them (an emoji is one). */
export const passwordTooShort = (password: unknown): boolean =>
  typeof password === 'string' && [...password].length < PASSWORD_MIN_LENGTH;
