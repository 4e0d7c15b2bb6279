/**
 * The one definition of the headers every Shelfmark response carries: the
 * Content-Security-Policy directives, the other security headers and the cache
 * header of hashed assets. astro.config.mjs (the CSP Astro renders), the
 * middleware (on-demand pages and files), the generated `_headers` file (Netlify's
 * static files) and the local server (scripts/lib/serve.mjs, which serves that
 * same file) all read it from here. No Node or browser APIs: every runtime imports it.
 */

/** Cache-Control of content-hashed files under /_astro/: a new build gives them new names. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Strict-Transport-Security for production: two years, subdomains included. Never sent over http or to localhost. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Browser features no page uses, switched off for the page and every frame in it.
 * Reopen one here (e.g. `camera=(self)`) when a feature needs it.
 */
export const DISABLED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** Security headers every response carries, whatever it is (pages, files, the 404). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': DISABLED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The policy of responses that are not pages (media, assets): nothing may load or
 * run if one is opened as a document (an SVG, say), and nobody may frame it.
 */
export const FILE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Where the browser finds Firebase: the emulators (npm start, npm test) or Google's production hosts. */
export interface FirebaseTarget {
  /** True when no real project is configured (no PUBLIC_FIREBASE_API_KEY): the islands then talk to the emulators. */
  emulators: boolean;
  /** Host the browser reaches the emulators on. */
  emulatorHost: string;
  authPort: number;
  firestorePort: number;
  functionsPort: number;
  /** The production project id (for the callable functions' host). */
  projectId: string;
  /** The region the callable functions run in. */
  functionsRegion: string;
}

/** Reads the Firebase target from the same PUBLIC_* variables src/data/client/shared/firebase.ts reads. */
export function firebaseTarget(
  env: Record<string, string | undefined>,
  functionsRegion: string,
): FirebaseTarget {
  return {
    emulators: !env.PUBLIC_FIREBASE_API_KEY,
    emulatorHost: env.PUBLIC_EMULATOR_HOST || '127.0.0.1',
    authPort: Number(env.PUBLIC_AUTH_EMULATOR_PORT || 9099),
    firestorePort: Number(env.PUBLIC_FIRESTORE_EMULATOR_PORT || 8080),
    functionsPort: Number(env.PUBLIC_FUNCTIONS_EMULATOR_PORT || 5001),
    projectId: env.PUBLIC_FIREBASE_PROJECT_ID ?? '',
    functionsRegion,
  };
}

/**
 * The origins the islands' Firebase calls go to: Auth (sign-up, login, the session
 * check), Firestore (profiles, the home page's live refresh) and the callable
 * functions (sign-up). Nothing else.
 */
export function firebaseConnectSources(target: FirebaseTarget): string[] {
  if (target.emulators) {
    return [target.authPort, target.firestorePort, target.functionsPort].map(
      (port) => `http://${target.emulatorHost}:${port}`,
    );
  }
  return [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    `https://${target.functionsRegion}-${target.projectId}.cloudfunctions.net`,
  ];
}

/** A CSP directive other than script-src and style-src (the names Astro's csp.directives accepts). */
export type CspDirective = `${
  | 'default-src'
  | 'connect-src'
  | 'img-src'
  | 'media-src'
  | 'font-src'
  | 'manifest-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors'} ${string}`;

/**
 * Every CSP directive except script-src and style-src, which Astro writes with the
 * hashes of our scripts and styles (security.csp in astro.config.mjs).
 * default-src 'none': anything not listed below is refused.
 */
export function cspDirectives(target: FirebaseTarget): CspDirective[] {
  return [
    "default-src 'none'",
    `connect-src 'self' ${firebaseConnectSources(target).join(' ')}`,
    // Members' pictures may be any https URL; data: for tiny inline placeholders.
    "img-src 'self' data: https:",
    // Audiobook samples may be hosted anywhere on https.
    "media-src 'self' https:",
    "font-src 'self'",
    "manifest-src 'self'",
    // No page embeds a frame today; a video host would be listed here.
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Only as a header: a <meta> policy cannot carry it.
    "frame-ancestors 'none'",
  ];
}

/** True when a response to this URL may carry HSTS: https, and not a developer's machine. */
export function sendsHsts(url: URL): boolean {
  return url.protocol === 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
