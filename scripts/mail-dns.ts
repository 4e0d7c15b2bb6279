// npm run mail-dns [-- --env functions/.env.<project>] [--spf <provider SPF domain>] [--selector <DKIM selector>]
// Prints the DNS records (SPF, DKIM, DMARC) of the domains the two mail streams send
// from, read from the functions' settings file (MAIL_FROM, MAIL_BULK_FROM,
// MAIL_SPF_INCLUDE, MAIL_DKIM_SELECTOR, MAIL_DMARC_REPORTS); options override the file.
import { readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';
import { formatMailDns, mailDnsRecords } from './lib/mail-dns.ts';

const { values } = parseArgs({
  options: {
    env: { type: 'string', default: 'functions/.env.demo-shelfmark' },
    spf: { type: 'string' },
    selector: { type: 'string' },
  },
});

try {
  const env = parseEnv(readFileSync(values.env, 'utf8'));
  const accountFrom = env.MAIL_FROM ?? '';
  const records = mailDnsRecords({
    accountFrom,
    bulkFrom: env.MAIL_BULK_FROM || accountFrom,
    spfInclude: values.spf ?? env.MAIL_SPF_INCLUDE ?? '',
    dkimSelector: values.selector ?? env.MAIL_DKIM_SELECTOR ?? 'shelfmark',
    ...(env.MAIL_DMARC_REPORTS ? { dmarcReports: env.MAIL_DMARC_REPORTS } : {}),
  });
  console.log(`; DNS records for Shelfmark's mail, from ${values.env}\n`);
  console.log(formatMailDns(records));
} catch (error) {
  console.error(`mail-dns: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Set MAIL_FROM (and MAIL_BULK_FROM, MAIL_SPF_INCLUDE) in the settings file, or pass --spf.');
  process.exit(1);
}
