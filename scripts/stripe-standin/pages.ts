// The stand-in's hosted pages: Checkout and the customer portal, as plain
// server-rendered HTML (no scripts, no styles), each control a real form or link with
// an accessible name, so a person or an e2e test can click through them.
import { isCancellable, periodEnd } from './billing.ts';
import type { CheckoutRecord, StandinPortalSession, StandinPrice, StandinSubscription } from './types.ts';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Amounts are in the smallest unit; every currency the stand-in prices in has two decimals. */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** A Stripe timestamp as a date, in UTC so the page says the same thing on every machine. */
export function formatDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(unixSeconds * 1000),
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe stand-in</title>
</head>
<body>
<main>
${body}
</main>
<footer><p>Local Stripe stand-in for Shelfmark: no real payment is taken.</p></footer>
</body>
</html>
`;
}

export function checkoutPage(record: CheckoutRecord, price: StandinPrice | undefined): string {
  const { session } = record;
  const title = price?.nickname ?? record.priceId;
  const per = price?.recurring.interval ?? 'month';
  const amount = price ? formatAmount(price.unit_amount * record.quantity, price.currency) : '?';
  if (session.status === 'expired') {
    return page(
      'Checkout expired',
      `<h1>Checkout expired</h1>
<p>This checkout session has expired. Start again from Shelfmark.</p>`,
    );
  }
  if (session.status !== 'open') {
    return page(
      'Checkout complete',
      `<h1>Checkout complete</h1>
<p>This checkout session has already been paid.</p>
<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue to Shelfmark</a></p>`,
    );
  }
  const trial = record.trialPeriodDays
    ? `<p>${record.trialPeriodDays}-day free trial: nothing is charged until it ends.</p>`
    : '';
  const promotion = session.allow_promotion_codes
    ? `<p><label for="promotion-code">Promotion code</label>
<input id="promotion-code" name="promotion_code" type="text" autocomplete="off" maxlength="500"></p>
<p>A valid code entered here is taken off what you pay.</p>`
    : '';
  const back = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return to Shelfmark</a></p>`
    : '';
  return page(
    `Subscribe to ${title}`,
    `<h1>Subscribe to ${escapeHtml(title)}</h1>
<p><strong>${escapeHtml(amount)} per ${escapeHtml(per)}</strong></p>
${trial}
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
${promotion}
<p><button type="submit">Pay</button></p>
</form>
${back}`,
  );
}

export function portalPage(
  portal: StandinPortalSession,
  subscriptions: StandinSubscription[],
  notice?: string,
): string {
  const shown = subscriptions.filter((s) => s.status !== 'canceled');
  const list = shown.length
    ? shown.map((s) => subscriptionSection(portal, s)).join('\n')
    : '<p>You have no current subscription.</p>';
  const back = portal.return_url
    ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Shelfmark</a></p>`
    : '';
  const status = notice ? `<p role="status">${escapeHtml(notice)}</p>` : '';
  return page('Manage your subscription', `<h1>Manage your subscription</h1>\n${status}\n${list}\n${back}`);
}

function subscriptionSection(portal: StandinPortalSession, subscription: StandinSubscription): string {
  const item = subscription.items.data[0];
  const name = item?.price.nickname ?? 'Subscription';
  const end = periodEnd(subscription);
  const amount = item
    ? `${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} per ${item.price.recurring.interval}`
    : '';
  let when = '';
  if (end !== null) {
    if (subscription.cancel_at_period_end) when = `Ends on ${formatDate(subscription.cancel_at ?? end)}.`;
    else if (subscription.status === 'trialing') when = `Free trial; renews on ${formatDate(end)}.`;
    else when = `Renews on ${formatDate(end)}.`;
  }
  const cancel = isCancellable(subscription)
    ? `<form method="post" action="/portal/${escapeHtml(portal.id)}/cancel">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<p><button type="submit">Cancel subscription</button></p>
</form>`
    : '';
  return `<section aria-label="${escapeHtml(name)}">
<h2>${escapeHtml(name)}</h2>
<p>${escapeHtml(amount)}</p>
<p>Status: ${escapeHtml(statusLabel(subscription.status))}</p>
<p>${escapeHtml(when)}</p>
${cancel}
</section>`;
}

function statusLabel(status: StandinSubscription['status']): string {
  return { trialing: 'Trialing', active: 'Active', past_due: 'Past due', canceled: 'Canceled' }[status];
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
