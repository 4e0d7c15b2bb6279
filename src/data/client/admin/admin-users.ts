/**
 * The admin dashboard's data: the four counters (count aggregations, a few reads
 * each however many members there are), the user-management callable, and the
 * latest audit-log entries. Loaded lazily by src/islands/admin/AdminDashboard.tsx.
 */
import { collection, getCount, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import {
  auditEntrySchema,
  type AdminUsersInput,
  type AdminUsersResults,
  type AuditEntry,
} from '../../../domain/admin/admin-users.ts';
import { ADMIN_AUDIT_COLLECTION } from '../../../domain/shared/collections.ts';
import { parseDocs } from '../../firestore-convert.ts';
import {
  SERVER_FAILURES_COLLECTION,
  SERVER_FAILURES_SHOWN,
  serverFailureSchema,
  type ServerFailure,
} from '../../../domain/shared/server-failures.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** The dashboard's counters. */
export interface DashboardCounts {
  totalUsers: number;
  authors: number;
  admins: number;
  activeUsers: number;
}

/** Total Users, Authors (category Book Author), Admins (the role mirroring the claim) and Active Users, by count queries. */
export async function loadCounts(): Promise<DashboardCounts> {
  const profiles = collection(db(), 'profiles');
  const count = async (q: Parameters<typeof getCount>[0]) => (await getCount(q)).data().count;
  const [totalUsers, authors, admins, activeUsers] = await Promise.all([
    count(profiles),
    count(query(profiles, where('category', '==', 'Book Author'))),
    count(query(profiles, where('role', '==', 'Admin'))),
    count(query(profiles, where('is_active', '==', true))),
  ]);
  return { totalUsers, authors, admins, activeUsers };
}

/** Runs one user-management action; never throws. */
export function adminUsers<A extends keyof AdminUsersResults>(
  request: AdminUsersInput<A>,
): Promise<CallOutcome<AdminUsersResults[A]>> {
  // The table types the callable for all its actions; the answer is the one of the action asked for.
  return callFunction('adminUserManagement', request) as Promise<CallOutcome<AdminUsersResults[A]>>;
}

/** The latest server-side failures the functions recorded, newest first. */
export async function loadServerFailures(count = SERVER_FAILURES_SHOWN): Promise<ServerFailure[]> {
  const snapshot = await getDocs(
    query(collection(db(), SERVER_FAILURES_COLLECTION), orderBy('at', 'desc'), limit(count)),
  );
  return parseDocs(serverFailureSchema, snapshot.docs);
}

/** The latest audit-log entries, newest first. */
export async function loadAuditLog(count = 50): Promise<AuditEntry[]> {
  const snapshot = await getDocs(
    query(collection(db(), ADMIN_AUDIT_COLLECTION), orderBy('at', 'desc'), limit(count)),
  );
  return parseDocs(auditEntrySchema, snapshot.docs);
}
