// The local production server, used by `npm start`, `npm test` and `npm run bench`:
// a built site served the way the CDN serves it in production.
// - Static files (pre-rendered pages, /_astro/ assets, public files) are sent with the
//   headers of the `_headers` file the build wrote (src/security/integration.ts): the
//   very file Netlify applies, so both send the same headers for the same path.
// - Everything else goes to the Astro app (@astrojs/node in middleware mode), whose
//   middleware (src/middleware.ts) adds the same security headers to on-demand pages.
// - A path nothing answers gets the pre-rendered 404 page with the 404 page's headers.
// - HTML, CSS, JS, JSON, XML and SVG are compressed (brotli or gzip, as the browser asks).
// - Address headers a client wrote (X-Forwarded-For, x-nf-client-connection-ip, ...) are
//   dropped, as Netlify's edge overwrites them, so the Astro app sees the socket address
//   (src/security/client-address.ts) and no header moves a count.
// - `swap(dist)` switches to another build atomically (the local publish pipeline,
//   scripts/lib/publish-receiver.mjs): each request is answered entirely by the build
//   that was live when it arrived, and swap resolves once the old build's last request
//   has finished, so its folder can then be removed without failing anyone.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import compression from 'compression';
import send from 'send';
import { dropClientAddressHeaders } from '../../src/security/client-address.ts';
import { headersForPath, parseHeadersFile } from '../../src/security/header-rules.ts';

/** Content types worth compressing: text formats; images, audio and fonts are compressed already. */
const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|manifest\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/;

/** Files that configure the CDN and are never served. */
const HIDDEN = new Set(['/_headers', '/_redirects']);

/** True for the content types `compression` may encode. */
function compressible(res) {
  const type = String(res.getHeader('Content-Type') ?? '');
  return COMPRESSIBLE.test(type);
}

/** The file a request path names under `root` (a directory means its index.html), or undefined. */
export function staticFileFor(root, pathname) {
  if (HIDDEN.has(pathname)) return undefined;
  const file = normalize(join(root, pathname));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  for (const candidate of [file, join(file, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next form
    }
  }
  return undefined;
}

/**
 * Loads the build in `dist` (dist/client and dist/server) and returns its request
 * handler: static files with their `_headers`, everything else through the Astro app.
 */
async function loadSite(dist) {
  const client = join(dist, 'client');
  const headersFile = join(client, '_headers');
  if (!existsSync(headersFile))
    throw new Error(`${headersFile} is missing: build the site first (astro build writes it).`);
  const rules = parseHeadersFile(readFileSync(headersFile, 'utf8'));
  // The server bundle loads React and other packages from node_modules, which pick their
  // production or development build from NODE_ENV when first imported: a production
  // server renders with the production builds (React's development build renders a
  // page with islands several times slower), unless the caller chose otherwise.
  process.env.NODE_ENV ??= 'production';
  const { handler } = await import(pathToFileURL(join(dist, 'server', 'entry.mjs')).href);
  const notFoundPage = join(client, '404.html');

  /** Sends a file with the headers the rules give `rulePath`. */
  function sendFile(req, res, file, rulePath, status = 200) {
    for (const [name, value] of Object.entries(headersForPath(rules, rulePath))) res.setHeader(name, value);
    res.statusCode = status;
    const relative = encodeURI(file.slice(client.length).split(sep).join('/'));
    // An error page is never answered with 304 Not Modified.
    const validators = status === 200;
    const stream = send(req, relative, {
      root: client,
      dotfiles: 'deny',
      etag: validators,
      lastModified: validators,
    });
    stream.on('error', (error) => {
      res.statusCode = error.status ?? 500;
      res.end();
    });
    stream.pipe(res);
  }

  function notFound(req, res) {
    if (existsSync(notFoundPage)) return sendFile(req, res, notFoundPage, '/404', 404);
    res.statusCode = 404;
    res.end('Not found');
  }

  return function handle(req, res) {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.statusCode = 400;
      return res.end('Bad request');
    }
    const file = (req.method === 'GET' || req.method === 'HEAD') && staticFileFor(client, pathname);
    if (file) return sendFile(req, res, file, pathname);
    handler(req, res, () => notFound(req, res)).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

/** One loaded build and the requests it is answering. */
function generation(dist, handle) {
  return { dist, handle, inFlight: 0, drained: undefined };
}

/**
 * Creates the server for the build in `dist`. Resolves once the Astro app is loaded;
 * call `listen` on the result. `server.swap(otherDist)` switches builds (see above) and
 * resolves with the old build's folder once its last request has finished.
 */
export async function createSiteServer(dist) {
  let live = generation(dist, await loadSite(dist));
  // From 512 bytes: below that the encoding's own overhead eats most of the saving.
  // Brotli at quality 5 rather than the package's 4: on a 70 kB page it costs about
  // 1 ms and sends 7% fewer bytes, which keeps a book or product page (headers
  // included) inside the first round trip of a new connection (about 14 kB).
  const compress = compression({
    threshold: 512,
    filter: (_req, res) => compressible(res),
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const server = http.createServer((req, res) => {
    // The build is chosen once per request: a swap during it does not change its answer.
    const serving = live;
    dropClientAddressHeaders(req);
    serving.inFlight++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      serving.inFlight--;
      if (serving.inFlight === 0) serving.drained?.();
    };
    res.once('finish', finished);
    res.once('close', finished);
    compress(req, res, () => serving.handle(req, res));
  });

  /**
   * Switches to the build in `nextDist`; resolves with the old folder once nothing reads it any more.
   * @param {string} nextDist
   * @returns {Promise<string>}
   */
  async function swap(nextDist) {
    const next = generation(nextDist, await loadSite(nextDist));
    const old = live;
    live = next;
    if (old.inFlight > 0)
      await new Promise((resolve) => {
        old.drained = resolve;
      });
    return old.dist;
  }
  /** The folder of the build that answers new requests. */
  const liveDist = () => live.dist;
  return Object.assign(server, { swap, liveDist });
}
