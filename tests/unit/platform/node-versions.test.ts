// One Node major from laptop to production. Every place that names a Node version must
// name the same major, and the Cloud Functions runtime it maps to must still be
// supported by Google: a function cannot be created or updated on a runtime past its
// decommission date, and a deprecated one gets no security fixes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from '../../../scripts/lib/node-version.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;

/**
 * Google's published schedule for the Cloud Functions (Cloud Run functions) Node.js
 * runtimes: https://cloud.google.com/functions/docs/runtime-support, "Node.js" table
 * (the same dates firebase-tools keeps in lib/deploy/functions/runtimes/supported/types.js).
 * After the deprecation date a runtime gets no security fixes; after decommission no
 * function can be created or updated on it.
 */
const CLOUD_FUNCTIONS_NODE_RUNTIMES: Record<number, { deprecation: string; decommission: string }> = {
  18: { deprecation: '2025-04-30', decommission: '2025-10-30' },
  20: { deprecation: '2026-04-30', decommission: '2026-10-30' },
  22: { deprecation: '2027-04-30', decommission: '2028-10-31' },
  24: { deprecation: '2028-04-30', decommission: '2028-10-31' },
};

/** Why `nodejs{major}` cannot be deployed on `today` (YYYY-MM-DD), or null when it can. */
function runtimeProblem(nodeMajor: number, today: string): string | null {
  const schedule = CLOUD_FUNCTIONS_NODE_RUNTIMES[nodeMajor];
  if (!schedule) return `nodejs${nodeMajor} is not a Cloud Functions runtime`;
  if (today >= schedule.deprecation) {
    return `nodejs${nodeMajor} was deprecated on ${schedule.deprecation}: move every place to a newer major`;
  }
  return null;
}

/** The first whole number in a version or range: '>=24' → 24, '24.21.0' → 24, 'nodejs24' → 24. */
function major(spec: string): number {
  const found = /(\d+)/.exec(spec);
  if (!found?.[1]) throw new Error(`No Node version in ${JSON.stringify(spec)}`);
  return Number(found[1]);
}

function namedMajors(): Record<string, number> {
  const root = json('package.json') as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  const functions = json('functions/package.json') as { engines: { node: string } };
  const firebase = json('firebase.json') as { functions: { runtime?: string }[] };
  const netlifyNode = /^\s*NODE_VERSION\s*=\s*"([^"]+)"/m.exec(read('netlify.toml'))?.[1];
  const majors: Record<string, number> = {
    'package.json engines.node': major(root.engines.node),
    'package.json devDependencies.node (the Node the scripts run on)': major(root.devDependencies.node ?? ''),
    'functions/package.json engines.node': major(functions.engines.node),
    'netlify.toml NODE_VERSION': major(netlifyNode ?? ''),
  };
  firebase.functions.forEach((codebase, index) => {
    majors[`firebase.json functions[${index}].runtime`] = major(codebase.runtime ?? '');
  });
  return majors;
}

describe('one Node major everywhere', () => {
  it('package.json, functions/package.json, firebase.json and netlify.toml name the same major', () => {
    const majors = namedMajors();
    expect(Object.keys(majors).length).toBeGreaterThanOrEqual(5);
    for (const [where, value] of Object.entries(majors)) {
      expect(value, where).toBe(REQUIRED_NODE_MAJOR);
    }
  });

  it('names a Cloud Functions runtime that Google still supports today', () => {
    expect(runtimeProblem(REQUIRED_NODE_MAJOR, new Date().toISOString().slice(0, 10))).toBeNull();
  });

  it('catches a runtime past its deprecation date, or one Google does not offer', () => {
    // Node 20, which this project ran on until wave 4, was decommissioned on 2026-10-30.
    expect(runtimeProblem(20, '2026-11-27')).toContain('deprecated on 2026-04-30');
    expect(runtimeProblem(24, '2028-04-30')).toContain('deprecated on 2028-04-30');
    expect(runtimeProblem(25, '2026-11-27')).toContain('not a Cloud Functions runtime');
  });

  it('the tests themselves run on that major (npm scripts use node_modules/.bin/node)', () => {
    expect(major(process.versions.node)).toBe(REQUIRED_NODE_MAJOR);
  });
});

describe('a script started on an older Node', () => {
  it('says in one sentence what to do', () => {
    const problem = nodeVersionProblem('v20.20.2', 24);
    expect(problem).toContain('Node 24');
    expect(problem).toContain('v20.20.2');
    expect(problem).toContain('npm install');
    expect(problem?.split('\n')).toHaveLength(1);
  });

  it('says nothing on the required major or a newer one', () => {
    expect(nodeVersionProblem('v24.21.0', 24)).toBeNull();
    expect(nodeVersionProblem('v26.1.0', 24)).toBeNull();
  });
});
