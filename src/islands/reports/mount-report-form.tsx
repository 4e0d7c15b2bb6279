import { hydrateRoot } from 'react-dom/client';
import { REPORT_ITEM_KINDS, type ReportItemKind } from '../../domain/reports/report.ts';
import ReportForm from './ReportForm.tsx';

/**
 * Hydrates the ReportForm the page rendered in `container` (its data-report-kind
 * and data-report-item name the item), once, adopting the rendered form as it is
 * (whitespace around it would read as a mismatch and re-render it, wiping the
 * reporter's choice, so it goes first).
 */
export function mountReportForm(container: HTMLElement): void {
  const kind = container.dataset.reportKind as ReportItemKind | undefined;
  const itemId = container.dataset.reportItem;
  if (!kind || !REPORT_ITEM_KINDS.includes(kind) || !itemId || container.dataset.reportMounted) return;
  container.dataset.reportMounted = 'true';
  for (const node of [...container.childNodes])
    if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node.remove();
  hydrateRoot(container, <ReportForm kind={kind} itemId={itemId} />);
}
