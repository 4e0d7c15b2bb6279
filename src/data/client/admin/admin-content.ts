/**
 * Page content and legal documents for the admin dashboard: the stored records
 * (admins read drafts too) and the adminContent callable. Loaded lazily.
 */
import { collection, doc, getDoc, getDocs, orderBy, query } from 'firebase/firestore/lite';
import type { AdminContentRequest } from '../../../domain/admin/admin-content.ts';
import {
  advertisementBannerSchema,
  type AdvertisementBanner,
} from '../../../domain/home/advertisement-banner.ts';
import {
  legalDocumentSchema,
  type LegalDocument,
  type LegalDocumentType,
} from '../../../domain/site/legal-document.ts';
import { pageContentSchema, type PageContent, type PageSlug } from '../../../domain/site/page-content.ts';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** The stored page, or null when none is stored or it is unreadable (the editor starts from the defaults). */
export async function loadPage(slug: PageSlug): Promise<PageContent | null> {
  const snapshot = await getDoc(doc(db(), 'page_content', slug));
  return snapshot.exists() ? tryParseDoc(pageContentSchema, snapshot) : null;
}

/** The stored legal document, or null. */
export async function loadLegal(type: LegalDocumentType): Promise<LegalDocument | null> {
  const snapshot = await getDoc(doc(db(), 'legal_documents', type));
  return snapshot.exists() ? tryParseDoc(legalDocumentSchema, snapshot) : null;
}

/** Runs one content action; never throws. */
export function adminContent(request: AdminContentRequest): Promise<CallOutcome<Record<string, unknown>>> {
  return callFunction('adminContent', request);
}

/** Every banner (active or not: admins read all), in position order. */
export async function loadBanners(): Promise<AdvertisementBanner[]> {
  const snapshot = await getDocs(query(collection(db(), 'advertisement_banners'), orderBy('position')));
  return parseDocs(advertisementBannerSchema, snapshot.docs);
}
