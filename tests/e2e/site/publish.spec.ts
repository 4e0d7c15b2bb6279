// Publishing: an administrator's change to content that pre-rendered pages show reaches
// the served HTML without a restart. The local deploy hook rebuilds the site into a fresh
// folder and swaps it in while requests keep being answered. This spec changes the about
// page's introduction, which no other spec that runs beside it (the `mutating` project,
// playwright.config.ts) reads, and puts it back at the end.
import { adminDb, expect, test } from '../helpers/fixtures';

test('a new about introduction shows in the pre-rendered page, and /about answers every request during the swap', async ({
  request,
}) => {
  // Quiet period, then a production build on a busy two-core machine (maybe after one already running).
  test.setTimeout(420_000);
  const ref = adminDb().doc('page_content/about');
  const original = (await ref.get()).get('content.hero.description') as string;
  // The mark alone is looked for in the HTML: the text around it may have escaped characters.
  const mark = `Published ${Date.now() % 100_000}.`;
  const changed = `${original} ${mark}`;
  const statuses: number[] = [];
  try {
    const writtenAt = Date.now();
    await ref.update({ 'content.hero.description': changed });
    await expect
      .poll(
        async () => {
          const response = await request.get('/about');
          statuses.push(response.status());
          return response.text();
        },
        { timeout: 400_000, intervals: [1_000] },
      )
      .toContain(mark);
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
    await ref.update({ 'content.hero.description': original });
  }
});
