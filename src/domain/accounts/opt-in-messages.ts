// The texts of the double opt-in (src/domain/accounts/opt-in.ts), in a module of their own
// with no imports, so the framework-free sign-up script carries no schema library.

/** The one answer to every accepted request, known address or not. */
export const CHECK_INBOX_MESSAGE = 'Check your inbox';
/** The line under it. */
export const CHECK_INBOX_DETAIL = 'If the address can receive our mail, a confirmation link is on its way.';
/** A client over its own limit (not an address over its limit: that one gets CHECK_INBOX_MESSAGE). */
export const OPT_IN_TOO_MANY_MESSAGE =
  'Too many sign-up requests from your connection. Please try again later.';
/** The address field's message. */
export const OPT_IN_EMAIL_MESSAGE = 'Please enter a valid email address';
/** A request that is not one of ours (unknown purpose, bad author id). */
export const OPT_IN_BAD_REQUEST_MESSAGE = 'This sign-up form is out of date. Please reload the page.';
/** The server failed. */
export const OPT_IN_FAILED_MESSAGE = 'Your request could not be sent. Please try again later.';
