import { describe, expect, it } from 'vitest';
import {
  signupFormProblem,
  signupFormSchema,
  signupProblemTitle,
  type SignupFormValues,
} from '../../../../src/domain/accounts/signup.ts';

const filled: SignupFormValues = {
  email: ' jane@example.com ',
  password: 'secret1',
  confirmPassword: 'secret1',
  displayName: ' Jane Doe ',
  role: 'Publisher',
  agreedToTerms: true,
  agreedToPrivacy: true,
};

describe('the sign-up form checks, in order on submit', () => {
  it('reports only the first failing check, in the order mismatch, length, terms, privacy', () => {
    const everythingWrong = {
      ...filled,
      password: '1',
      confirmPassword: '2',
      displayName: 'www.example.com',
      agreedToTerms: false,
      agreedToPrivacy: false,
    };
    expect(signupFormProblem(everythingWrong)).toEqual({
      field: 'confirmPassword',
      title: 'Password Mismatch',
      message: 'Passwords do not match. Please try again.',
    });
    expect(signupFormProblem({ ...everythingWrong, confirmPassword: '1' })).toEqual({
      field: 'password',
      title: 'Password Too Short',
      message: 'Password must be at least 6 characters long.',
    });
    expect(
      signupFormProblem({ ...everythingWrong, password: 'secret1', confirmPassword: 'secret1' }),
    ).toEqual({
      field: 'agreedToTerms',
      title: 'Terms Required',
      message: 'You must agree to the Terms and Conditions to create an account.',
    });
    expect(
      signupFormProblem({
        ...everythingWrong,
        password: 'secret1',
        confirmPassword: 'secret1',
        agreedToTerms: true,
      }),
    ).toEqual({
      field: 'agreedToPrivacy',
      title: 'Privacy Policy Required',
      message: 'You must agree to the Privacy Policy to create an account.',
    });
  });

  it('then the display name’s rules, then the email, each as Signup Failed', () => {
    expect(signupFormProblem({ ...filled, email: 'not-an-email', displayName: 'www.example.com' })).toEqual({
      field: 'displayName',
      title: 'Signup Failed',
      message: 'Display name cannot contain links or web addresses.',
    });
    expect(signupFormProblem({ ...filled, email: 'not-an-email' })).toEqual({
      field: 'email',
      title: 'Signup Failed',
      message: 'Please enter a valid email address.',
    });
    expect(signupFormProblem({ ...filled, displayName: '   ' })).toMatchObject({
      field: 'displayName',
      message: 'Display name is required.',
    });
    expect(signupFormProblem(filled)).toBeNull();
  });

  it('as a form schema: one error on the failing field, or the trimmed signUp request', () => {
    const refused = signupFormSchema.safeParse({ ...filled, confirmPassword: 'other', agreedToTerms: false });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'Passwords do not match. Please try again.'],
    ]);
    expect(signupFormSchema.parse(filled)).toEqual({
      email: 'jane@example.com',
      password: 'secret1',
      display_name: 'Jane Doe',
      category: 'Publisher',
    });
  });

  it('titles a message with its check’s title, anything else Signup Failed', () => {
    expect(signupProblemTitle('Passwords do not match. Please try again.')).toBe('Password Mismatch');
    expect(signupProblemTitle('You must agree to the Privacy Policy to create an account.')).toBe(
      'Privacy Policy Required',
    );
    expect(signupProblemTitle('Please enter a valid email address.')).toBe('Signup Failed');
  });
});
