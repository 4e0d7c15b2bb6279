import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_CONTROL_MESSAGE,
  DISPLAY_NAME_LINK_MESSAGE,
  displayNameProblem,
} from '../../../../src/domain/shared/display-name.ts';
import { signupRequestSchema } from '../../../../src/domain/accounts/signup.ts';
import { firstErrorMessage } from '../../../../src/domain/shared/common.ts';

const valid = { email: 'jane@example.com', password: 'secret', category: 'Book Author' };

describe('display names at sign-up', () => {
  it.each([
    'J. R. R. Tolkien',
    'Dr. Seuss',
    'Jane Doe',
    "Seán O'Brien",
    'M.Sc. Jane Roe',
    'Ph.D. Smith',
    'St. Ives Press',
    'Anne-Marie O.de Vries',
    'John.Smith',
    '山田太郎',
    'Иван Петров',
    'محمد',
    '👩‍💻 Coder',
    'Mr. T',
    'A.A. Milne',
    'e.e. cummings',
    'Books & Co',
    '5.0 Stars',
  ])('accepts %j', (name) => {
    expect(displayNameProblem(name)).toBeNull();
    expect(signupRequestSchema.safeParse({ ...valid, display_name: name }).success).toBe(true);
  });

  it.each([
    'http://spam.example',
    'Visit https://x',
    'HTTPS://EXAMPLE',
    'ftp://files',
    'www.cheap-pills',
    'Go to WWW.Example',
    'shelfmark.com',
    'Jane from evil.net',
    'bit.ly/abc',
    'x.com',
    'Click sub.domain.io now',
    'ｗｗｗ．ｓｐａｍ．ｃｏｍ',
    'spam。com',
  ])('refuses the web address in %j', (name) => {
    expect(displayNameProblem(name)).toBe(DISPLAY_NAME_LINK_MESSAGE);
    const result = signupRequestSchema.safeParse({ ...valid, display_name: name });
    expect(result.success).toBe(false);
    expect(firstErrorMessage(result.error!)).toBe(DISPLAY_NAME_LINK_MESSAGE);
  });

  it.each([
    ['a line break', 'Jane\nDoe'],
    ['a tab', 'Jane\tDoe'],
    ['a NUL', 'Jane\u0000'],
    ['DEL', 'Jane\u007f Doe'],
    ['a C1 control', 'Jane\u0085Doe'],
    ['a right-to-left override', 'Jane\u202EeoD'],
    ['a bidi isolate', 'Jane\u2066Doe'],
    ['a line separator', 'Jane\u2028Doe'],
  ])('refuses %s', (_, name) => {
    expect(displayNameProblem(name)).toBe(DISPLAY_NAME_CONTROL_MESSAGE);
    const result = signupRequestSchema.safeParse({ ...valid, display_name: name });
    expect(firstErrorMessage(result.error!)).toBe(DISPLAY_NAME_CONTROL_MESSAGE);
  });

  it('ignores surrounding whitespace the schema trims', () => {
    expect(signupRequestSchema.parse({ ...valid, display_name: '\n Jane Doe \t' }).display_name).toBe(
      'Jane Doe',
    );
  });
});
