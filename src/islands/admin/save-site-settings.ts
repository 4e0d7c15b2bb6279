/** The one save of every Site Settings section: the adminSiteSettings callable, with the spec's toasts. */
import type { SiteSettingsEdit } from '../../domain/admin/admin-site-settings.ts';
import { showToast } from '../../lib/toast.ts';

const FAILED = 'Failed to update site settings';

/** Saves one section; shows the spec's toasts; true when it was saved. */
export async function saveSiteSettings(settings: SiteSettingsEdit): Promise<boolean> {
  const { adminSiteSettings } = await import('../../data/client/admin/admin-site-settings.ts');
  const outcome = await adminSiteSettings({ action: 'save-settings', settings });
  if (!outcome.ok) {
    showToast({
      title: 'Error',
      description: outcome.code === 'invalid-argument' ? `${FAILED}: ${outcome.message}` : FAILED,
      variant: 'destructive',
    });
    return false;
  }
  showToast({
    title: 'Success',
    description: 'Site settings updated. The public pages follow within about a minute.',
  });
  return true;
}
