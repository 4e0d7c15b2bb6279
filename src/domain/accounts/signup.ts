import { z } from 'zod';
import { displayNameProblem, displayNameSchema } from '../shared/display-name.ts';
import { userCategorySchema } from './profile.ts';

/** Shortest password accepted at sign-up. */
export const MIN_PASSWORD_LENGTH = 6;

/** The sign-up draft fields the checks look at. */
export interface SignupChecksInput {
  /** Password. */
  password: string;
  /** Repeated password. */
  confirmPassword: string;
  /** Terms box ticked. */
  agreedToTerms: boolean;
  /** Privacy box ticked. */
  agreedToPrivacy: boolean;
}

/** A failed check: the form field it concerns, and its toast's title and text (the wording is fixed). */
export interface SignupProblem {
  /** The sign-up form field the check is about. */
  field: keyof SignupFormValues;
  /** Toast title. */
  title: string;
  /** Toast text (or, for the display name, the message shown under the field). */
  message: string;
}

/** The four checks a sign-up runs first, in this order; the first that fails stops the attempt. */
const ORDERED_CHECKS: readonly (SignupProblem & { fails: (draft: SignupChecksInput) => boolean })[] = [
  {
    field: 'confirmPassword',
    title: 'Password Mismatch',
    message: 'Passwords do not match. Please try again.',
    fails: (draft) => draft.password !== draft.confirmPassword,
  },
  {
    field: 'password',
    title: 'Password Too Short',
    message: 'Password must be at least 6 characters long.',
    fails: (draft) => draft.password.length < MIN_PASSWORD_LENGTH,
  },
  {
    field: 'agreedToTerms',
    title: 'Terms Required',
    message: 'You must agree to the Terms and Conditions to create an account.',
    fails: (draft) => !draft.agreedToTerms,
  },
  {
    field: 'agreedToPrivacy',
    title: 'Privacy Policy Required',
    message: 'You must agree to the Privacy Policy to create an account.',
    fails: (draft) => !draft.agreedToPrivacy,
  },
];

/** Title of the toast for a refusal outside the four ordered checks (and for the server's refusals). */
export const SIGNUP_FAILED_TITLE = 'Signup Failed';

/** Runs the four ordered sign-up checks and returns the first failure, or null when all pass. */
export function signupProblem(draft: SignupChecksInput): SignupProblem | null {
  const failed = ORDERED_CHECKS.find((check) => check.fails(draft));
  return failed ? { field: failed.field, title: failed.title, message: failed.message } : null;
}

/** The toast title for a sign-up check's message: the ordered checks have their own, any other is 'Signup Failed'. */
export function signupProblemTitle(message: string): string {
  return ORDERED_CHECKS.find((check) => check.message === message)?.title ?? SIGNUP_FAILED_TITLE;
}

/**
 * What the sign-up form sends to the `signUp` Cloud Function, checked by both.
 * Strict: any other key (approval_status, role, subscription_status …) is refused,
 * so a crafted request cannot smuggle starting values into the new profile.
 * The confirmation and agreement boxes are checked in the browser only
 * (signupProblem); they never leave it.
 */
export const signupRequestSchema = z.strictObject({
  /** Login email; stored in Firebase Auth only, never on the public profile. */
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  /** Password; Firebase Auth stores only its hash. */
  password: z
    .string({ error: 'Password is required.' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long.')
    .max(4096, 'Password is too long.'),
  /** Public name; the page slug is derived from it. */
  display_name: displayNameSchema,
  /** The role chosen on the form ("I am a …"), stored as the profile's category. */
  category: z.enum(userCategorySchema.options, {
    error: 'Please choose a role: Book Author, Book Lover/Marketer or Publisher.',
  }),
});

/** A sign-up request after validation (trimmed). */
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form's fields, as the form holds them. */
export const signupFormValuesSchema = z.object({
  /** Email as typed. */
  email: z.string(),
  /** Password as typed. */
  password: z.string(),
  /** The password typed again. */
  confirmPassword: z.string(),
  /** Display name as typed. */
  displayName: z.string(),
  /** The chosen role ("I am a …"), Book Author by default. */
  role: userCategorySchema,
  /** The Terms and Conditions box. */
  agreedToTerms: z.boolean(),
  /** The Privacy Policy box. */
  agreedToPrivacy: z.boolean(),
});
/** The sign-up form's fields. */
export type SignupFormValues = z.infer<typeof signupFormValuesSchema>;

/** Where each field of the request sent to the signUp function is typed on the form. */
const FORM_FIELD_OF: Record<keyof SignupRequest, keyof SignupFormValues> = {
  email: 'email',
  password: 'password',
  display_name: 'displayName',
  category: 'role',
};

function requestOf(values: SignupFormValues): z.input<typeof signupRequestSchema> {
  return {
    email: values.email,
    password: values.password,
    display_name: values.displayName,
    category: values.role,
  };
}

/**
 * Every check a sign-up submit runs, in order, and the first that fails (or
 * null): the four ordered checks, then the display name's rules, then what the
 * signUp function accepts. Only the first failure is reported, so a person
 * fixes one thing at a time in the same order every time.
 */
export function signupFormProblem(values: SignupFormValues): SignupProblem | null {
  const ordered = signupProblem(values);
  if (ordered) return ordered;
  const nameProblem = displayNameProblem(values.displayName.trim());
  if (nameProblem) return { field: 'displayName', title: SIGNUP_FAILED_TITLE, message: nameProblem };
  const request = signupRequestSchema.safeParse(requestOf(values));
  const issue = request.error?.issues[0];
  if (!issue) return null;
  const field = FORM_FIELD_OF[issue.path[0] as keyof SignupRequest] ?? 'email';
  return { field, title: SIGNUP_FAILED_TITLE, message: issue.message };
}

/**
 * The sign-up form's schema: at most one error, the first failing check of
 * signupFormProblem on its field; a form that passes becomes the signUp request.
 */
export const signupFormSchema = signupFormValuesSchema
  .superRefine((values, ctx) => {
    const problem = signupFormProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform((values) => signupRequestSchema.parse(requestOf(values)));
