// The pages a form posted without JavaScript lands on (/opt-in, /report): each state's
// text, and the fallback for a missing or unknown state. Read-only.
import { expect, test } from '../helpers/fixtures';
import { OPT_IN_RESULTS } from '../../../src/domain/accounts/opt-in.ts';
import { REPORT_RESULTS } from '../../../src/domain/reports/report.ts';

const cases = [
  ['/opt-in?result=invalid', OPT_IN_RESULTS.invalid],
  ['/opt-in', OPT_IN_RESULTS.sent],
  ['/opt-in?result=toString', OPT_IN_RESULTS.sent],
  ['/report?result=already', REPORT_RESULTS.already],
  ['/report?result=constructor', REPORT_RESULTS.failed],
] as const;

for (const [path, text] of cases) {
  test(`${path} says "${text.title}"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page.getByText(text.body, { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
}
