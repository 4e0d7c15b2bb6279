import { Timestamp, type DocumentData } from 'firebase/firestore';
import { expect } from 'vitest';
import { uids } from '../helpers/rules-env';
import { describePublicReadOnly } from '../helpers/public-read-only';
import { useSeededRulesEnv } from '../helpers/seeded-env';

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

const env = useSeededRulesEnv('legal-documents', () => ({
  'legal_documents/terms': legalDocument(),
  'legal_documents/privacy': legalDocument({
    document_type: 'privacy',
    title: 'Privacy Policy',
    content: '# Privacy Policy\n\nWe keep your email address private...',
  }),
}));

describePublicReadOnly({
  env,
  collection: 'legal_documents',
  get: { title: 'reads the terms', id: 'terms' },
  list: { title: 'lists every legal document', check: (snapshot) => expect(snapshot.size).toBe(2) },
  writes: {
    newId: 'cookies',
    existingId: 'terms',
    data: legalDocument({ document_type: 'cookies', title: 'Cookie Policy' }),
  },
});
