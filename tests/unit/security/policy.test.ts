// The policy's fixed parts: the Firebase origins the islands may call, HSTS
// never on a developer's machine, and the hashes of our inline code.
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../../src/config';
import {
  inlineScriptHashes,
  inlineScriptsOf,
  sha256Source,
  sonnerStyleHashes,
} from '../../../src/security/inline-hashes';
import {
  cspDirectives,
  firebaseConnectSources,
  firebaseTarget,
  sendsHsts,
} from '../../../src/security/policy';

describe('connect-src', () => {
  it('allows the three emulators the islands use when no project is configured', () => {
    expect(firebaseConnectSources(firebaseTarget({}, FUNCTIONS_REGION))).toEqual([
      'http://127.0.0.1:9099',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:5001',
    ]);
  });

  it('allows only Google’s Auth, Firestore and the functions’ region in production', () => {
    const target = firebaseTarget(
      { PUBLIC_FIREBASE_API_KEY: 'key', PUBLIC_FIREBASE_PROJECT_ID: 'shelfmark-prod' },
      FUNCTIONS_REGION,
    );
    expect(firebaseConnectSources(target)).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://us-central1-shelfmark-prod.cloudfunctions.net',
    ]);
  });

  it('leaves script-src and style-src to Astro, which adds the hashes', () => {
    const names = cspDirectives(firebaseTarget({}, FUNCTIONS_REGION)).map((d) => d.split(' ')[0]);
    expect(names).not.toContain('script-src');
    expect(names).not.toContain('style-src');
    expect(names).toEqual(
      expect.arrayContaining([
        'default-src',
        'object-src',
        'base-uri',
        'form-action',
        'frame-ancestors',
        'connect-src',
        'img-src',
        'media-src',
        'frame-src',
      ]),
    );
  });
});

describe('HSTS', () => {
  it.each([
    ['https://shelfmark.example/', true],
    ['http://shelfmark.example/', false],
    ['https://localhost:4321/', false],
    ['https://127.0.0.1/', false],
    ['http://127.0.0.1:4329/', false],
  ])('%s → %s', (url, expected) => {
    expect(sendsHsts(new URL(url))).toBe(expected);
  });
});

describe('inline code hashes', () => {
  it('hash the body of each <script is:inline> exactly as written, skipping JSON-LD and bundled scripts', () => {
    const source =
      '<script is:inline data-x={a}>\n  run();\n</script><script>import "x";</script><script is:inline type="application/ld+json">{}</script>';
    expect(inlineScriptsOf(source)).toEqual(['\n  run();\n']);
    expect(sha256Source('alert(1)')).toBe('sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=');
  });

  it('refuse define:vars, whose generated wrapper cannot be hashed from the source', () => {
    expect(() => inlineScriptsOf('<script is:inline define:vars={{ a }}>run(a)</script>', 'X.astro')).toThrow(
      /X\.astro.*define:vars/,
    );
  });

  it('cover every component and page under src/ (none uses define:vars)', () => {
    expect(inlineScriptHashes('src').length).toBeGreaterThanOrEqual(4);
  });

  it('include the stylesheet sonner injects for its toasts, and the empty <style> it inserts before filling it', () => {
    const [empty, css] = sonnerStyleHashes();
    expect(empty).toBe(sha256Source(''));
    expect(css).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    expect(css).not.toBe(empty);
  });
});
