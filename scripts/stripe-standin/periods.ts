// Billing periods. A subscription's periods are counted from its billing cycle anchor
// in whole calendar months (UTC), as Stripe does: an anchor on the 31st renews on the
// last day of shorter months and on the 31st again after them.

const DAY = 86_400;

/** The anchor moved on by `months` calendar months, the day clamped to the month's length. */
export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The end of the period that starts at `start`: the first anchor + k intervals after it. */
export function periodEndAfter(anchor: number, start: number, intervalMonths: number): number {
  let k = 1;
  while (addMonths(anchor, k * intervalMonths) <= start) k++;
  return addMonths(anchor, k * intervalMonths);
}

export function trialEnd(start: number, trialDays: number): number {
  return start + trialDays * DAY;
}
