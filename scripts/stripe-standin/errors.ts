// Failures the stand-in answers with. API and test-control failures carry Stripe's
// error body ({ error: { type, message, param, code } }), so the SDK raises the same
// error classes it would against Stripe; page failures become an HTML error page.

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error';
  message: string;
  param?: string;
  code?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** 400 for a required parameter that is absent or empty. */
export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

/** An object that does not exist: 404 when it is the one addressed, 400 when a parameter names it. */
export function noSuch(kind: string, id: string, param: string, status: 400 | 404): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}
