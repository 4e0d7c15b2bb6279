import { describe, expect, it } from 'vitest';
import { formatMailDns, mailDnsRecords, senderDomain } from '../../../scripts/lib/mail-dns.ts';

const base = { spfInclude: 'spf.mtasv.net', dkimSelector: 'pm' };

describe('mailDnsRecords', () => {
  it('gives one domain both streams send from one SPF, DKIM and DMARC record', () => {
    const records = mailDnsRecords({
      ...base,
      accountFrom: 'Shelfmark <no-reply@Example.com>',
      bulkFrom: 'no-reply@example.com',
    });
    expect(records.map((r) => [r.name, r.value])).toEqual([
      ['example.com', 'v=spf1 include:spf.mtasv.net -all'],
      ['pm._domainkey.example.com', 'v=DKIM1; k=rsa; p=<the public key the provider shows for this domain>'],
      ['_dmarc.example.com', 'v=DMARC1; p=none; adkim=s; aspf=r; rua=mailto:dmarc@example.com'],
    ]);
    expect(records[0]?.note).toContain('account and bulk mail');
  });

  it('gives a bulk subdomain its own set, with the reports address configured', () => {
    const records = mailDnsRecords({
      ...base,
      accountFrom: 'Shelfmark <account@example.com>',
      bulkFrom: 'Shelfmark <news@news.example.com>',
      dmarcReports: 'reports@example.com',
    });
    expect(records.map((r) => r.name)).toEqual([
      'example.com',
      'pm._domainkey.example.com',
      '_dmarc.example.com',
      'news.example.com',
      'pm._domainkey.news.example.com',
      '_dmarc.news.example.com',
    ]);
    expect(records[5]?.value).toContain('rua=mailto:reports@example.com');
    expect(records[3]?.note).toContain('bulk mail');
    expect(formatMailDns(records)).toContain('news.example.com. IN TXT "v=spf1 include:spf.mtasv.net -all"');
  });

  it('refuses a sender without a domain, and settings that would make a broken record', () => {
    expect(() => mailDnsRecords({ ...base, accountFrom: 'Shelfmark', bulkFrom: 'a@b.com' })).toThrow(
      /account sender/,
    );
    expect(() =>
      mailDnsRecords({ ...base, spfInclude: '', accountFrom: 'a@b.com', bulkFrom: 'a@b.com' }),
    ).toThrow(/MAIL_SPF_INCLUDE/);
    expect(() =>
      mailDnsRecords({ ...base, dkimSelector: 'a b', accountFrom: 'a@b.com', bulkFrom: 'a@b.com' }),
    ).toThrow(/MAIL_DKIM_SELECTOR/);
    expect(senderDomain('"Quill" <x@mail.quill.co.uk>')).toBe('mail.quill.co.uk');
    expect(senderDomain('not an address')).toBeNull();
  });
});
