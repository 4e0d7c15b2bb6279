// Serves a built site (default dist/) on HOST:PORT with scripts/lib/serve.mjs:
// `node --import tsx scripts/serve.mjs [dist]`. npm start, npm test and npm run bench run it.
import { resolve } from 'node:path';
import { createSiteServer } from './lib/serve.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const server = await createSiteServer(dist);
server.listen(port, host, () => console.log(`Serving ${dist} on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
