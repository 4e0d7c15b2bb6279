import { z } from 'zod';
import { TEXT_LIMITS, idSchema, timestampSchema } from '../shared/common.ts';

/** The two legal documents; each is also its document id. */
export const LEGAL_DOCUMENT_TYPES = ['terms', 'privacy'] as const;
/** A legal document type. */
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

/** Titles used by the admin editor and as defaults. */
export const LEGAL_DOCUMENT_TITLES: Record<LegalDocumentType, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
};

/** Shown on /terms and /privacy when the document cannot be loaded. */
export const LEGAL_FALLBACK_TEXT = 'This content is temporarily unavailable. Please try again later.';

/** A legal document, document `legal_documents/{document_type}`. Only admins write it. */
export const legalDocumentSchema = z
  .object({
    /** Document id; equals document_type. */
    id: idSchema,
    /** terms or privacy. */
    document_type: z.enum(LEGAL_DOCUMENT_TYPES),
    /** Heading of the page. */
    title: z.string().trim().min(1).max(TEXT_LIMITS.title),
    /** Body in Markdown. */
    content: z.string().max(TEXT_LIMITS.long),
    /** Shown as 'Last updated'. */
    last_updated_at: timestampSchema,
    /** uid of the admin who last saved it. */
    updated_by: idSchema.nullish(),
  })
  .describe('legal_documents');

/** A legal document. */
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Fields as written to Firestore. */
export const legalDocumentWriteSchema = legalDocumentSchema.omit({ id: true });
/** Legal document as written. */
export type LegalDocumentWrite = z.infer<typeof legalDocumentWriteSchema>;
