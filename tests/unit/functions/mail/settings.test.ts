import { describe, expect, it } from 'vitest';
import { mailFromAs, mailStreamSettings } from '../../../../functions/src/mail/settings';

describe('mailStreamSettings', () => {
  it('gives account mail SMTP_URL and MAIL_FROM, and bulk mail its own sender when set', () => {
    const env = {
      SMTP_URL: 'smtp://account:25',
      MAIL_FROM: 'S <a@x.test>',
      SMTP_BULK_URL: ' smtp://bulk:25 ',
      MAIL_BULK_FROM: 'S <b@news.x.test>',
    };
    expect(mailStreamSettings('account', env)).toEqual({
      smtpUrl: 'smtp://account:25',
      from: 'S <a@x.test>',
      headers: {},
    });
    expect(mailStreamSettings('bulk', env)).toEqual({
      smtpUrl: 'smtp://bulk:25',
      from: 'S <b@news.x.test>',
      headers: {},
    });
  });

  it('falls back to the account sender, and to the default sender when none is set', () => {
    expect(mailStreamSettings('bulk', { SMTP_URL: 'smtp://a:25', MAIL_FROM: 'S <a@x.test>' })).toMatchObject({
      smtpUrl: 'smtp://a:25',
      from: 'S <a@x.test>',
    });
    expect(mailStreamSettings('account', {})).toEqual({
      smtpUrl: '',
      from: 'Shelfmark <no-reply@shelfmark.test>',
      headers: {},
    });
  });

  it('names the stream in the provider’s header, with configurable values, and ignores a header name that is not one', () => {
    const env = { MAIL_STREAM_HEADER: 'X-SES-CONFIGURATION-SET', MAIL_BULK_STREAM: 'shelfmark-bulk' };
    expect(mailStreamSettings('account', env).headers).toEqual({ 'X-SES-CONFIGURATION-SET': 'outbound' });
    expect(mailStreamSettings('bulk', env).headers).toEqual({ 'X-SES-CONFIGURATION-SET': 'shelfmark-bulk' });
    expect(mailStreamSettings('bulk', { MAIL_STREAM_HEADER: 'Bad: header\r\nX' }).headers).toEqual({});
  });

  it('puts a display name on a stream’s address', () => {
    process.env.MAIL_BULK_FROM = 'Shelfmark <news@x.test>';
    try {
      expect(mailFromAs('Quill "&" Co', 'bulk')).toBe('"Quill \\"&\\" Co" <news@x.test>');
    } finally {
      delete process.env.MAIL_BULK_FROM;
    }
  });
});
