// The DNS records an operator publishes so Shelfmark's two mail streams are delivered:
// for each sending domain (the account sender's and the bulk sender's, which may be
// one), SPF naming the provider, a DKIM key under the provider's selector, and DMARC
// aligned with both. Gmail's and Yahoo's rules for bulk senders (from February 2024)
// ask all three of a domain sending 5,000 mails a day, DMARC at least p=none, the From
// domain aligned with SPF or DKIM, one-click unsubscribe (RFC 8058, which the bulk
// mails carry) and a spam rate under 0.3 %.

/** What the records are built from: functions/.env.<project> plus the command's options. */
export interface MailDnsSettings {
  /** MAIL_FROM: the account stream's sender. */
  accountFrom: string;
  /** MAIL_BULK_FROM (MAIL_FROM when unset). */
  bulkFrom: string;
  /** MAIL_SPF_INCLUDE: the provider's SPF domain (Amazon SES: amazonses.com; Postmark: spf.mtasv.net). */
  spfInclude: string;
  /** MAIL_DKIM_SELECTOR: the selector the provider signs with. */
  dkimSelector: string;
  /** MAIL_DMARC_REPORTS: where aggregate reports go (default dmarc@ the domain). */
  dmarcReports?: string;
}

/** One record to publish. */
export interface DnsRecord {
  name: string;
  type: 'TXT';
  value: string;
  /** Which stream it serves and why. */
  note: string;
}

/** The domain of an address or of a `Name <address>` sender; null when there is none. */
export function senderDomain(from: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = /@([A-Za-z0-9.-]+\.[A-Za-z]{2,})$/.exec(address.trim())?.[1];
  return domain ? domain.toLowerCase() : null;
}

/** Refuses what would make a record nobody can publish. */
function checked(label: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new Error(`${label} "${value}" is not valid`);
  return value;
}

/**
 * The records for each sending domain, account first. A domain both streams send from
 * gets one set; the bulk domain (better a subdomain of its own, e.g. news.example.com,
 * so its reputation is its own) gets its own SPF, DKIM and DMARC.
 */
export function mailDnsRecords(settings: MailDnsSettings): DnsRecord[] {
  const include = checked('MAIL_SPF_INCLUDE', settings.spfInclude, /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/);
  const selector = checked('MAIL_DKIM_SELECTOR', settings.dkimSelector, /^[A-Za-z0-9-]+$/);
  const domains = new Map<string, string[]>();
  for (const [stream, from] of [
    ['account', settings.accountFrom],
    ['bulk', settings.bulkFrom],
  ] as const) {
    const domain = senderDomain(from);
    if (!domain) throw new Error(`the ${stream} sender "${from}" has no address with a domain`);
    domains.set(domain, [...(domains.get(domain) ?? []), stream]);
  }
  return [...domains].flatMap(([domain, streams]) => {
    const serves = `${streams.join(' and ')} mail`;
    const reports = settings.dmarcReports ?? `dmarc@${domain}`;
    checked('MAIL_DMARC_REPORTS', reports, /^[^\s@;]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/);
    return [
      {
        name: domain,
        type: 'TXT' as const,
        value: `v=spf1 include:${include} -all`,
        note: `SPF for ${serves}: only the provider sends as ${domain} (merge with an SPF record the domain already has: one per name)`,
      },
      {
        name: `${selector}._domainkey.${domain}`,
        type: 'TXT' as const,
        value: 'v=DKIM1; k=rsa; p=<the public key the provider shows for this domain>',
        note: `DKIM for ${serves}: the provider signs with selector "${selector}" (some providers give CNAMEs to publish instead)`,
      },
      {
        name: `_dmarc.${domain}`,
        type: 'TXT' as const,
        value: `v=DMARC1; p=none; adkim=s; aspf=r; rua=mailto:${reports}`,
        note: `DMARC for ${serves}: p=none while the reports show who sends as ${domain}; once only the provider does, p=quarantine`,
      },
    ];
  });
}

/** The records as an operator reads them: a zone-file-like list with each record's note. */
export function formatMailDns(records: readonly DnsRecord[]): string {
  return records
    .map((record) => `; ${record.note}\n${record.name}. IN ${record.type} "${record.value}"`)
    .join('\n\n');
}
