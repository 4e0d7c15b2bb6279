import {
  FIGURE_FIELDS,
  type FigureField,
  type MailFigures as Figures,
} from '../../domain/mail/delivery-figures.ts';
import type { AdminMailFiguresResponse } from '../../domain/callables.ts';
import { useAsync } from '../ui/use-async.ts';

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

const HEADINGS: Readonly<Record<FigureField, string>> = {
  sent: 'Sent',
  suppressed: 'Suppressed',
  delivered: 'Delivered',
  bounced: 'Bounced',
  complained: 'Complained',
};

/** The figures' cells of one row. */
function Cells({ figures }: { figures: Figures }) {
  return (
    <>
      {FIGURE_FIELDS.map((field) => (
        <td key={field} className="px-2 py-1 text-right tabular-nums">
          {figures[field]}
        </td>
      ))}
    </>
  );
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr className="border-b border-line text-left">
        <th scope="col" className="px-2 py-1">
          {first}
        </th>
        {FIGURE_FIELDS.map((field) => (
          <th key={field} scope="col" className="px-2 py-1 text-right">
            {HEADINGS[field]}
          </th>
        ))}
      </tr>
    </thead>
  );
}

async function load(): Promise<AdminMailFiguresResponse> {
  const { loadMailFigures } = await import('../../data/client/admin/admin-mail-figures.ts');
  const outcome = await loadMailFigures();
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.data;
}

/**
 * The dashboard's Mail Delivery section: for each kind of bulk mail and each of the
 * latest newsletters, what was sent, skipped as suppressed, and what the provider
 * reported (delivered, bounced, complained), from the same events the suppression
 * list is fed by.
 */
export default function MailFigures() {
  const [state] = useAsync(load, [], 'Failed to load the delivery figures');
  if (state.status === 'loading') return <p role="status">Loading the delivery figures…</p>;
  if (state.status === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        The delivery figures could not be loaded.
      </p>
    );
  const { kinds, newsletters } = state.value;
  return (
    <section aria-labelledby="mail-figures" className="space-y-6">
      <h2 id="mail-figures" className="text-xl font-bold">
        Mail delivery
      </h2>
      <table className="w-full text-sm" aria-label="Delivery by kind of mail">
        <Head first="Kind" />
        <tbody>
          {kinds.map(({ kind, label, figures }) => (
            <tr key={kind} className="border-b border-line">
              <th scope="row" className="px-2 py-1 text-left font-semibold">
                {label}
              </th>
              <Cells figures={figures} />
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" aria-label="Delivery by newsletter">
        <Head first="Newsletter" />
        <tbody>
          {newsletters.length === 0 ? (
            <tr>
              <td colSpan={FIGURE_FIELDS.length + 1} className="px-2 py-1 text-ink-muted">
                No newsletter sent yet.
              </td>
            </tr>
          ) : (
            newsletters.map(({ id, title, sentAt, figures }) => (
              <tr key={id} className="border-b border-line">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {title} <span className="text-ink-muted">({DATE.format(new Date(sentAt))})</span>
                </th>
                <Cells figures={figures} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
