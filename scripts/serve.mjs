// Serves a built site (default dist/) on HOST:PORT with scripts/lib/serve.mjs:
// `node --import tsx scripts/serve.mjs [dist]`. npm start, npm test and npm run bench run it.
// With PUBLISH_RECEIVER_PORT set it also runs the local deploy hook on that port
// (scripts/lib/publish-receiver.mjs), which rebuilds into dist-publish/ and swaps the
// served build; SITE_BUILT_FROM (epoch ms) says when the served build started, so a hook
// request for an older change starts no build.
import { resolve } from 'node:path';
import { createSiteServer } from './lib/serve.mjs';
import { startPublishReceiver, stopBuilds } from './lib/publish-receiver.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const server = await createSiteServer(dist);
server.listen(port, host, () => console.log(`Serving ${dist} on http://${host}:${port}`));

const receiverPort = Number(process.env.PUBLISH_RECEIVER_PORT ?? 0);
let receiver;
if (receiverPort > 0) {
  const builtFrom = Number(process.env.SITE_BUILT_FROM ?? 0);
  receiver = await startPublishReceiver({
    root: resolve('.'),
    buildsDir: resolve(process.env.PUBLISH_BUILDS_DIR ?? 'dist-publish'),
    site: server,
    liveBuiltFrom: builtFrom > 0 ? new Date(builtFrom) : undefined,
    port: receiverPort,
  });
  console.log(`Deploy hook on http://127.0.0.1:${receiverPort}/publish`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    receiver?.server.close();
    stopBuilds();
    server.close(() => process.exit(0));
    // Keep-alive connections would hold close() open; nothing is worth waiting for after a second.
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
