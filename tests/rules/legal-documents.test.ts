import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, Timestamp, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectAllowed,
  itDeniesWrites,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
} from './helpers';

let env: RulesTestEnvironment;

function legalDocument(overrides: DocumentData = {}): DocumentData {
  return {
    document_type: 'terms',
    title: 'Terms of Service',
    content: '# Terms of Service\n\nBy using Shelfmark you agree to...',
    last_updated_at: Timestamp.fromDate(new Date('2025-01-15T12:00:00Z')),
    updated_by: uids.admin,
    ...overrides,
  };
}

beforeAll(async () => {
  env = await setupRulesEnv('legal-documents');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, {
    'legal_documents/terms': legalDocument(),
    'legal_documents/privacy': legalDocument({
      document_type: 'privacy',
      title: 'Privacy Policy',
      content: '# Privacy Policy\n\nWe keep your email address private...',
    }),
  });
});

describe('legal_documents', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it('reads the terms', async () => {
          await expectAllowed(getDoc(doc(dbAs(env, actor), 'legal_documents', 'terms')));
        });
      });
      describe('list', () => {
        it('lists every legal document', async () => {
          const snapshot = await expectAllowed(getDocs(collection(dbAs(env, actor), 'legal_documents')));
          expect(snapshot.size).toBe(2);
        });
      });
      describe('create, update, delete', () => {
        itDeniesWrites(
          () => dbAs(env, actor),
          { newPath: 'legal_documents/cookies', existingPath: 'legal_documents/terms' },
          legalDocument({ document_type: 'cookies', title: 'Cookie Policy' }),
        );
      });
    });
  }
});
