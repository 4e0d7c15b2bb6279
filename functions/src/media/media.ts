import { resolve } from 'node:path';
import {
  cloudMediaStore,
  localMediaStore,
  mediaStore,
  type MediaStore,
} from '../../../src/data/server/media/media-store';
import { releaseUploadFolder } from '../../../src/data/server/media/media-uploads';
import { db } from '../shared/firestore';

/** The bucket deployed functions use: FIREBASE_STORAGE_BUCKET (as the site), else the project's default bucket. */
function deployedBucket(env: NodeJS.ProcessEnv): string {
  if (env.FIREBASE_STORAGE_BUCKET) return env.FIREBASE_STORAGE_BUCKET;
  const config = JSON.parse(env.FIREBASE_CONFIG ?? '{}') as { storageBucket?: string };
  if (!config.storageBucket)
    throw new Error('no Storage bucket: set FIREBASE_STORAGE_BUCKET in functions/.env.<project-id>');
  return config.storageBucket;
}

/**
 * The media store the functions remove files from, which must be the one the
 * site serves:
 * - deployed, Cloud Storage (the site runs with MEDIA_STORE=cloud in
 *   production); the bucket is FIREBASE_STORAGE_BUCKET when the functions'
 *   environment sets it, else the project's default bucket;
 * - in the functions emulator, local disk: MEDIA_DIR when set (npm test and npm
 *   start hand their environment to the emulator), else `.media/` in the repo
 *   root. The emulator runs the functions with functions/ as the working
 *   directory, so the site's default (`.media/` under the working directory)
 *   would point at functions/.media, a folder nobody serves;
 * - anywhere else (a script or test importing this module), the site's own rule.
 */
export function functionsMediaStore(env: NodeJS.ProcessEnv = process.env): MediaStore {
  if (env.FUNCTIONS_EMULATOR === 'true') {
    if (env.MEDIA_STORE === 'cloud') return mediaStore(env);
    return localMediaStore(env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : resolve(process.cwd(), '..', '.media'));
  }
  if (env.K_SERVICE) return cloudMediaStore(deployedBucket(env));
  return mediaStore(env);
}

/**
 * Removes an upload's folder that a save replaced or a deletion left behind,
 * then its record, so its bytes no longer count against the owner's storage
 * quota. Rejects when either step fails (callers log it: a leftover breaks nothing).
 */
export async function removeUploadFolder(
  folder: string,
  media: MediaStore = functionsMediaStore(),
): Promise<void> {
  await media.removeFolder(folder);
  await releaseUploadFolder(db(), folder);
}
