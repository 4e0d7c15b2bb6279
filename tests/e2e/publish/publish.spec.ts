// Publishing: an administrator's change to content that pre-rendered pages show reaches
// the served HTML without a restart. The local deploy hook rebuilds the site into a fresh
// folder and swaps it in while requests keep being answered. This spec changes the site
// title for everyone, so it runs in its own project after every other spec
// (playwright.config.ts), and puts the title back at the end.
import { adminDb, expect, test } from '../helpers/fixtures';

test('a new site title shows in the pre-rendered home page, and / answers every request during the swap', async ({
  request,
}) => {
  // Quiet period, then a production build on a busy two-core machine (maybe after one already running).
  test.setTimeout(420_000);
  const ref = adminDb().doc('site_settings/main');
  const original = (await ref.get()).get('site_title') as string;
  const changed = `Shelfmark Published ${Date.now() % 100_000}`;
  const statuses: number[] = [];
  try {
    const writtenAt = Date.now();
    await ref.update({ site_title: changed });
    await expect
      .poll(
        async () => {
          const response = await request.get('/');
          statuses.push(response.status());
          return response.text();
        },
        { timeout: 400_000, intervals: [1_000] },
      )
      // The template puts the heading's text on its own line: spaces may stand before </h1>.
      .toMatch(new RegExp(`${changed}\\s*</h1>`));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The status records the publish once the hook has reported back, which may come a
    // moment after the swap (a later change may already be building again).
    const publishedAt = async () => {
      const status = await adminDb().doc('site_meta/publish').get();
      return (status.get('published_at') as { toMillis(): number } | undefined)?.toMillis() ?? 0;
    };
    await expect.poll(publishedAt, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(writtenAt);
    const status = await adminDb().doc('site_meta/publish').get();
    expect(status.get('state')).not.toBe('failed');
    expect(status.get('error')).toBe('');
  } finally {
    await ref.update({ site_title: original });
  }
});
