import { defineMiddleware } from 'astro:middleware';
import { withReadMeter } from './data/server/read-meter.ts';

// Measures the Firestore reads each on-demand render costs (see read-meter.ts).
// The header is only added when READ_METER=1 (the benchmark), never in production.
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || process.env.READ_METER !== '1') return next();
  const { result, reads } = await withReadMeter(() => next());
  // The body may still be streaming; reads made after the headers left are not counted,
  // which is why on-demand pages load their data in the frontmatter, before rendering.
  const response = new Response(result.body, result);
  response.headers.set('X-Firestore-Reads', String(reads));
  return response;
});
