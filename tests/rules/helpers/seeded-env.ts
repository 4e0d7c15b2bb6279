/**
 * The per-file lifecycle every collection test repeats: an emulator project of
 * its own, a fresh set of seeded documents before each test, and the rule
 * coverage report saved before clean-up.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { minimalProfile, saveRuleCoverage, seed, setupRulesEnv, uids, type Actor } from './rules-env';

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

/** What each member actor's profile says about them, as the rules read it. */
const MEMBER_STATES: Record<Exclude<Actor, 'anonymous' | 'admin'>, DocumentData> = {
  owner: {},
  other: {},
  pending: { approval_status: 'pending' },
  denied: { approval_status: 'denied' },
  inactive: { is_active: false },
};

/**
 * The profiles of the named actors, in the state each name says (owner and
 * other approved and active, pending awaiting approval, denied refused,
 * inactive deactivated), keyed by path to spread into a file's seeded documents.
 */
export function actorProfiles(...actors: (keyof typeof MEMBER_STATES)[]): Record<string, DocumentData> {
  return Object.fromEntries(
    actors.map((actor) => [`profiles/${uids[actor]}`, minimalProfile(uids[actor], MEMBER_STATES[actor])]),
  );
}
