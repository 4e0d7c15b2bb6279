import { memberExportFileName } from '../../domain/accounts/member-export.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useExport } from '../ui/use-export.ts';

interface Props {
  /** Another member's uid (admins); absent for one's own data. */
  userId?: string;
  /** True for one's own data (changes the wording only). */
  own: boolean;
}

/** One click: fetches everything the site holds about the member and saves it as a JSON file. */
export default function DataDownload({ userId, own }: Props) {
  const { busy, download } = useExport(
    async () => {
      const { exportMemberData } = await import('../../data/client/accounts/account.ts');
      const outcome = await exportMemberData(userId);
      if (outcome.ok) {
        const data = outcome.data;
        const slug = typeof data.profile?.page_slug === 'string' ? data.profile.page_slug : data.user_id;
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        saveFile(blob, memberExportFileName(slug, new Date()));
      }
      return outcome;
    },
    { title: 'Download Failed', description: 'Could not prepare the file. Please try again.' },
  );

  return (
    <div className="space-y-3">
      <p>
        {own ? 'Download' : 'Download this member’s'} profile, books with their sections, products and
        services, ads, blog posts, newsletters received, consents and timestamps as one JSON file.
      </p>
      <button type="button" onClick={() => void download()} disabled={busy} className="btn btn-outline">
        {busy ? 'Preparing…' : own ? 'Download my data' : 'Download their data'}
      </button>
    </div>
  );
}
