import { describe, expect, it } from 'vitest';
import {
  approvedEmail,
  composeMail,
  emailChangeConfirmEmail,
  emailChangedNoticeEmail,
  passwordResetEmail,
  verificationEmail,
} from '../../../../functions/src/mail/templates.ts';
import { absoluteLogoUrl } from '../../../../functions/src/mail/brand.ts';
import { invitationEmail } from '../../../../functions/src/mail/invitation.ts';

const BRAND = {
  title: 'Book <Club>',
  logoUrl: 'https://site.example/media/logo.webp',
  siteUrl: 'https://site.example',
};

describe('the shared mail template', () => {
  it('heads every mail with the site title and logo and closes it with why it was sent', () => {
    const mails = [
      verificationEmail('Jane', 'https://site.example/auth/confirm-email?oobCode=a', BRAND),
      approvedEmail('Jane', 'https://site.example/auth', BRAND),
      passwordResetEmail('Jane', 'https://site.example/auth/reset?oobCode=b', BRAND),
      emailChangeConfirmEmail(
        'Jane',
        'new@example.com',
        'https://site.example/auth/confirm-email?oobCode=c',
        BRAND,
      ),
      emailChangedNoticeEmail('Jane', 'new@example.com', BRAND),
      invitationEmail(
        'Jane',
        'https://site.example/auth/reset?oobCode=d',
        'https://site.example/auth',
        BRAND,
      ),
    ];
    for (const mail of mails) {
      expect(mail.text.startsWith('Book <Club>')).toBe(true);
      expect(mail.text).toContain('You received this email because');
      expect(mail.html).toContain('Book &lt;Club&gt;');
      expect(mail.html).not.toContain('Book <Club>');
      expect(mail.html).toContain('<img src="https://site.example/media/logo.webp"');
      expect(mail.html).toContain('You received this email because');
    }
  });

  it('writes the action link out in both bodies', () => {
    const mail = composeMail(
      {
        subject: 'S',
        name: '',
        paragraphs: ['P'],
        action: { label: 'Go', url: 'https://x.test/?a=1&b=2' },
        reason: 'R',
      },
      BRAND,
    );
    expect(mail.text).toContain('Go: https://x.test/?a=1&b=2');
    expect(mail.text).toContain('Hello there,');
    expect(mail.html).toContain('href="https://x.test/?a=1&amp;b=2"');
  });

  it('greets neutrally instead of writing a name with a link or hidden characters', () => {
    for (const name of ['Visit http://evil.example now', 'Jane\u202Eevil', 'Claim at www.prize.test']) {
      const mail = composeMail({ subject: 'S', name, paragraphs: ['P'], reason: 'R' }, BRAND);
      expect(mail.text, name).toContain('Hello there,');
      expect(mail.html, name).toContain('Hello there,');
      for (const part of ['evil', 'prize', '\u202E'])
        expect(`${mail.text}${mail.html}`, name).not.toContain(part);
    }
  });

  it('leaves the logo out when there is none', () => {
    expect(
      composeMail({ subject: 'S', name: 'A', paragraphs: [], reason: 'R' }, { ...BRAND, logoUrl: null }).html,
    ).not.toContain('<img');
  });
});

describe('absoluteLogoUrl', () => {
  it('puts a site path on the site and refuses other schemes', () => {
    expect(absoluteLogoUrl('/media/u/logo/w1.webp', 'https://site.example')).toBe(
      'https://site.example/media/u/logo/w1.webp',
    );
    expect(absoluteLogoUrl('https://cdn.example/l.png', 'https://site.example')).toBe(
      'https://cdn.example/l.png',
    );
    expect(absoluteLogoUrl('javascript:alert(1)', 'https://site.example')).toBeNull();
    expect(absoluteLogoUrl(null, 'https://site.example')).toBeNull();
  });
});

describe('the invitation', () => {
  it('links to our own reset page and the login page, in the site name', () => {
    // A name the display-name rules accept that HTML must still escape (markup itself is refused: see mail-name).
    const mail = invitationEmail(
      'Jane & J',
      'https://site.example/auth/reset?oobCode=d&x=1',
      'https://site.example/auth',
      BRAND,
    );
    expect(mail.subject).toBe('You have been invited to Book <Club>');
    expect(mail.text).toContain('Hello Jane & J,');
    expect(mail.text).toContain('Choose your password: https://site.example/auth/reset?oobCode=d&x=1');
    expect(mail.text).toContain('Then log in and set up your page: https://site.example/auth');
    expect(mail.html).toContain('href="https://site.example/auth/reset?oobCode=d&amp;x=1"');
    expect(mail.html).toContain('Hello Jane &amp; J,');
  });
});
