/** Shortest password accepted at sign-up (part 1 §9). */
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

/** A failed check as a toast: title and message (part 1 §5, verbatim). */
export interface SignupProblem {
  /** Toast title. */
  title: string;
  /** Toast text. */
  message: string;
}

/** Runs the sign-up checks in the spec's order and returns the first failure, or null when all pass. */
export function signupProblem(draft: SignupChecksInput): SignupProblem | null {
  if (draft.password !== draft.confirmPassword) {
    return { title: 'Password Mismatch', message: 'Passwords do not match. Please try again.' };
  }
  if (draft.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Password Too Short', message: 'Password must be at least 6 characters long.' };
  }
  if (!draft.agreedToTerms) {
    return { title: 'Terms Required', message: 'You must agree to the Terms and Conditions to create an account.' };
  }
  if (!draft.agreedToPrivacy) {
    return { title: 'Privacy Policy Required', message: 'You must agree to the Privacy Policy to create an account.' };
  }
  return null;
}
