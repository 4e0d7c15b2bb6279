/**
 * The per-file lifecycle every collection test repeats: an emulator project of
 * its own, a fresh set of seeded documents before each test, and the rule
 * coverage report saved before clean-up.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { saveRuleCoverage, seed, setupRulesEnv } from './rules-env';

/**
 * Registers the file's beforeAll, afterAll and beforeEach hooks and returns a
 * getter for the environment (it only exists once beforeAll has run).
 * `docs` is called before each test, so every test gets fresh data.
 */
export function useSeededRulesEnv(
  suite: string,
  docs: () => Record<string, DocumentData>,
): () => RulesTestEnvironment {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await setupRulesEnv(suite);
  });

  afterAll(async () => {
    await saveRuleCoverage(env);
    await env.cleanup();
  });

  beforeEach(async () => {
    await env.clearFirestore();
    await seed(env, docs());
  });

  return () => env;
}
