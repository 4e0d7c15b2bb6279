// Serves files from the local media store (see src/data/server/media/media-store.ts).
// With MEDIA_STORE=cloud the files are served by Cloud Storage, so this route 404s.
import type { APIRoute } from 'astro';
import { MEDIA_CACHE_CONTROL, localMediaStore, usesCloudMedia } from '../../data/server/media/media-store.ts';

export const prerender = false;

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export const GET: APIRoute = async ({ params }) => {
  if (usesCloudMedia() || !params.path) return notFound();
  const file = await localMediaStore().read(params.path);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      // Paths are never rewritten (content hashes or timestamps in the names), so caching forever is safe.
      'Cache-Control': MEDIA_CACHE_CONTROL,
      'Content-Length': String(file.bytes.length),
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
