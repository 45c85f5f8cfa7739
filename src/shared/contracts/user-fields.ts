import * as z from 'zod/mini';

// The rules of a person's own fields, in Zod's smaller build: the register, account and password
// forms check them before sending, and zod/mini, whose checks are functions rather than methods,
// lets the bundler keep only the ones used: 13.4 KB gzip on those screens instead of the 23.2 KB
// of Zod's full build. The server checks the same schemas, composed into its bodies in users.ts.

const text = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });

export const usernameSchema = text('Username').check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(3, 'Username must be 3 to 30 characters'),
  z.maxLength(30, 'Username must be 3 to 30 characters'),
  z.regex(/^[a-z0-9_.]+$/, 'Username may use only letters, digits, _ and .'),
);

export const emailSchema = z.pipe(
  text('Email').check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'Email is required'),
    z.maxLength(254, 'Email is at most 254 characters'),
  ),
  z.email('Email is not a valid e-mail address'),
);

export const fullNameSchema = text('Full name').check(
  z.trim(),
  z.minLength(1, 'Full name is required'),
  z.maxLength(80, 'Full name is at most 80 characters'),
);

export const passwordSchema = text('Password').check(
  z.minLength(8, 'Password must be 8 to 128 characters'),
  z.maxLength(128, 'Password must be 8 to 128 characters'),
);

/** The text fields of the register form (the images come as files beside them). */
export const registerFieldsSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
});
export type RegisterFields = z.infer<typeof registerFieldsSchema>;
