// One Node major everywhere: the project installs Node 24 from the npm registry (the
// `node` devDependency puts it at node_modules/.bin/node), npm scripts find it before
// the machine's own Node, and every child process runs on `process.execPath`. A script
// started some other way on an older Node stops here with one sentence, not a stack trace.
// Imported first by every entry script, so it runs before the rest of the script loads.
import { readFileSync } from 'node:fs';

/** The Node major the project runs on, read from the pinned `node` devDependency. */
export const REQUIRED_NODE_MAJOR = Number(
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).devDependencies.node.split(
    '.',
  )[0],
);

/** The sentence an older Node gets, or null when `version` (e.g. 'v24.21.0') is new enough. */
export function nodeVersionProblem(version, required = REQUIRED_NODE_MAJOR) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= required) return null;
  return (
    `Shelfmark runs on Node ${required}, but this is Node ${version}: run \`npm install\` (it installs ` +
    `Node ${required} into node_modules) and then use the npm scripts (\`npm start\`, \`npm test\`), which run on it.`
  );
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
