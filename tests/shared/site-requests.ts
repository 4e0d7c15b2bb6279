/** Requests to the site's API endpoints, as the unit and functions tests build them. */

/** A same-site POST to `url` from a page on `origin`: a JSON or form body, with any extra headers. */
export function browserPost(
  url: URL,
  body: string,
  { origin, json, headers = {} }: { origin: string; json: boolean; headers?: Record<string, string> },
): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      Origin: origin,
      Host: url.host,
      'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
  });
}
