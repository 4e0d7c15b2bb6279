// Where uploaded and seeded images live. Locally (and in tests) files sit on
// disk under `.media/` and are served by src/pages/media/[...path].ts, because
// the Storage emulator cannot start on an offline machine. In production
// (MEDIA_STORE=cloud) they go to a Cloud Storage bucket and are served by it.
//
// Media paths are immutable: a path is written once and never rewritten, so
// both stores can serve files with a one-year immutable cache. Callers put a
// content hash or a timestamp in the file name (see contentVersionedPath).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** A place to store public media files. */
export interface MediaStore {
  /** Stores bytes at `path` (never overwriting different bytes) and returns the public URL. */
  put(path: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The stored bytes and their type, or null when there is no such file. */
  read(path: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** The public URL a file at `path` has (whether or not it exists yet). */
  publicUrl(path: string): string;
  /** Removes every file under the folder `prefix` (no leading or trailing '/'); a missing folder is fine. */
  removeFolder(prefix: string): Promise<void>;
}

/** The file types the store accepts, by extension. SVG is left out on purpose: it can carry scripts. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

/** Cache header for media: safe to cache forever because paths are never rewritten. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// Segments of letters, digits, '_', '-' and '.', not starting with '.', separated by single '/'.
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
const PATH_PATTERN = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);

/** True for a relative media path without '..', odd characters or empty segments, ending in a known extension. */
export function isValidMediaPath(path: string): boolean {
  return (
    path.length <= 512 && PATH_PATTERN.test(path) && !path.includes('..') && mediaTypeOf(path) !== undefined
  );
}

/** The content type for a path's extension, or undefined when the store does not accept it. */
export function mediaTypeOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : MEDIA_TYPES[path.slice(dot + 1).toLowerCase()];
}

/** `<folder>/<stem>-<first 10 hex of sha256>.<ext>`: a path that changes whenever the bytes do. */
export function contentVersionedPath(folder: string, stem: string, bytes: Buffer, ext: string): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return `${folder}/${stem}-${hash}.${ext}`;
}

function assertValid(path: string, contentType?: string): void {
  if (!isValidMediaPath(path)) throw new Error(`Invalid media path: ${JSON.stringify(path)}`);
  if (contentType !== undefined && mediaTypeOf(path) !== contentType) {
    throw new Error(`Content type ${contentType} does not match the extension of ${path}`);
  }
}

/** A folder to remove must be a valid relative path of at least one segment (never '', '/', or '..'). */
function assertValidFolder(prefix: string): void {
  if (prefix.length > 512 || !PATH_PATTERN.test(prefix) || prefix.includes('..')) {
    throw new Error(`Invalid media folder: ${JSON.stringify(prefix)}`);
  }
}

/** The local-disk root: MEDIA_DIR, else `.media/` in the working directory (the repo root for npm scripts). */
export function localMediaRoot(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.MEDIA_DIR || join(process.cwd(), '.media'));
}

/** A store on local disk, served at /media/<path> by the site itself. */
export function localMediaStore(root: string = localMediaRoot()): MediaStore {
  const fileOf = (path: string) => join(root, ...path.split('/'));
  const publicUrl = (path: string) => `/media/${path}`;
  return {
    publicUrl,
    async put(path, bytes, contentType) {
      assertValid(path, contentType);
      const file = fileOf(path);
      await mkdir(dirname(file), { recursive: true });
      try {
        await writeFile(file, bytes, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // Writing the same bytes again is harmless; different bytes would break the immutable cache.
        const existing = await readFile(file);
        if (!existing.equals(bytes)) {
          throw new Error(`Media path already holds different content: ${path}`, { cause: error });
        }
      }
      return publicUrl(path);
    },
    async read(path) {
      if (!isValidMediaPath(path)) return null;
      try {
        return { bytes: await readFile(fileOf(path)), contentType: mediaTypeOf(path) as string };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async removeFolder(prefix) {
      assertValidFolder(prefix);
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}

/** A store in a Cloud Storage bucket, served publicly by Google. Needs an initialised firebase-admin app or default credentials. */
export function cloudMediaStore(bucketName: string): MediaStore {
  const publicUrl = (path: string) => `https://storage.googleapis.com/${bucketName}/${path}`;
  // Loaded lazily so local runs never pull in the Storage client.
  const bucket = async () => {
    const [{ getApps, initializeApp }, { getStorage }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/storage'),
    ]);
    const app = getApps()[0] ?? initializeApp();
    return getStorage(app).bucket(bucketName);
  };
  return {
    publicUrl,
    async put(path, bytes, contentType) {
      assertValid(path, contentType);
      const file = (await bucket()).file(path);
      try {
        // ifGenerationMatch 0: only create, never overwrite (paths are immutable).
        await file.save(bytes, {
          contentType,
          metadata: { cacheControl: MEDIA_CACHE_CONTROL },
          preconditionOpts: { ifGenerationMatch: 0 },
          resumable: false,
        });
      } catch (error) {
        if ((error as { code?: number }).code !== 412) throw error;
        const [existing] = await file.download();
        if (!existing.equals(bytes)) {
          throw new Error(`Media path already holds different content: ${path}`, { cause: error });
        }
      }
      return publicUrl(path);
    },
    async read(path) {
      if (!isValidMediaPath(path)) return null;
      const file = (await bucket()).file(path);
      const [exists] = await file.exists();
      if (!exists) return null;
      const [[bytes], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
      return { bytes, contentType: metadata.contentType ?? (mediaTypeOf(path) as string) };
    },
    async removeFolder(prefix) {
      assertValidFolder(prefix);
      await (await bucket()).deleteFiles({ prefix: `${prefix}/`, force: true });
    },
  };
}

/** True when this deployment keeps media in Cloud Storage (MEDIA_STORE=cloud). */
export function usesCloudMedia(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MEDIA_STORE === 'cloud';
}

/** The store this environment uses: Cloud Storage when MEDIA_STORE=cloud, else local disk. */
export function mediaStore(env: NodeJS.ProcessEnv = process.env): MediaStore {
  if (!usesCloudMedia(env)) return localMediaStore(localMediaRoot(env));
  const bucketName = env.FIREBASE_STORAGE_BUCKET;
  if (!bucketName) throw new Error('MEDIA_STORE=cloud needs FIREBASE_STORAGE_BUCKET');
  return cloudMediaStore(bucketName);
}
