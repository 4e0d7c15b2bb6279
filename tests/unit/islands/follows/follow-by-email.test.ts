// The server HTML of the visitor's Follow-by-email form (what a visitor without
// JavaScript uses, and what hydration takes over): a real form posting the
// fields POST /api/opt-in reads, and those fields parse into a follow request.
// The island's behaviour after hydration runs in tests/e2e/accounts/visitor-opt-in.spec.ts.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FollowByEmail from '../../../../src/islands/follows/FollowByEmail';
import { optInRequestFromForm, optInRequestSchema } from '../../../../src/domain/accounts/opt-in';

const html = renderToStaticMarkup(createElement(FollowByEmail, { authorUid: 'author_7' }));

describe('FollowByEmail', () => {
  it('is a form that posts to the opt-in endpoint without JavaScript', () => {
    expect(html).toMatch(/<form[^>]*action="\/api\/opt-in" method="post"/);
    expect(html).toContain('<input type="hidden" name="kind" value="follow"/>');
    expect(html).toContain('<input type="hidden" name="authorUid" value="author_7"/>');
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toContain('>Follow by email</button>');
  });

  it('labels its field', () => {
    expect(html).toMatch(
      /<label[^>]*for="follow-email-email"[^>]*>Get an email when this author publishes a new book/,
    );
  });

  it('posts fields that the endpoint reads as a follow of that author', () => {
    const request = optInRequestSchema.parse(
      optInRequestFromForm({ email: 'Reader@Example.org', kind: 'follow', authorUid: 'author_7' }),
    );
    expect(request).toEqual({
      email: 'reader@example.org',
      purpose: { kind: 'follow', authorUid: 'author_7' },
    });
  });
});
