import { type Dashboard, formatKina, type SalesFigures } from '@bilum/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { inputBaseClass } from '../../components/ui/form-field';
import { ErrorState, Spinner } from '../../components/ui/states';
import { formatDateTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from './AdminFooter';
import { useDashboard } from './backoffice.api';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/product-inventory', label: 'Product Inventory' },
] as const;

function Period({ id, title, figures }: { id: string; title: string; figures: SalesFigures }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      <p className="mt-1 text-2xl font-bold text-stone-900" data-testid={`sales-${id}-total`}>
        {formatKina(figures.total)}
      </p>
      <dl className="mt-2 grid grid-cols-[6.5rem_1fr] gap-y-1 text-sm">
        <dt className="text-muted">Orders</dt>
        <dd data-testid={`sales-${id}-orders`}>{figures.orders}</dd>
        <dt className="text-muted">Average</dt>
        <dd>{formatKina(figures.average)}</dd>
        <dt className="text-muted">GST collected</dt>
        <dd data-testid={`sales-${id}-gst`}>{formatKina(figures.gst)}</dd>
      </dl>
    </section>
  );
}

/** 30 days of paid sales as SVG bars (no charting library: a table of the same figures is there for screen readers). */
function DailyChart({ daily }: { daily: Dashboard['daily'] }) {
  const max = Math.max(1, ...daily.map((day) => day.total));
  const width = 600;
  const height = 160;
  const bar = width / daily.length;
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <section aria-labelledby="daily-title" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="daily-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
        Daily sales, last 30 days
      </h2>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby="daily-title daily-desc"
      >
        <desc id="daily-desc">
          Paid sales per day from {label(daily[0]?.day ?? '')} to {label(daily.at(-1)?.day ?? '')}; the highest day is{' '}
          {formatKina(max)}. The figures are in the table below.
        </desc>
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-stone-300" strokeWidth={1} />
        {daily.map((day, index) => {
          const h = Math.round((day.total / max) * (height - 8));
          return (
            <rect
              key={day.day}
              x={index * bar + 2}
              y={height - h}
              width={bar - 4}
              height={Math.max(h, day.total > 0 ? 2 : 0)}
              rx={2}
              className="fill-brand-600"
            >
              <title>
                {label(day.day)}: {formatKina(day.total)} ({day.orders} orders)
              </title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden="true">
        <span>{label(daily[0]?.day ?? '')}</span>
        <span>{label(daily.at(-1)?.day ?? '')}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show the figures</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-muted">
              <th className="py-1 font-medium">Day</th>
              <th className="py-1 font-medium">Orders</th>
              <th className="py-1 text-right font-medium">Sales</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <td className="py-0.5">{label(day.day)}</td>
                <td className="py-0.5">{day.orders}</td>
                <td className="py-0.5 text-right">{formatKina(day.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

const exportLinks = [
  { kind: 'orders', label: 'Orders' },
  { kind: 'order-lines', label: 'Order lines' },
  { kind: 'customers', label: 'Customers' },
  { kind: 'members', label: 'Members' },
] as const;

const portMoresbyToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Port_Moresby' }).format(new Date());

/** CSV exports for a range of Port Moresby days (streamed by the server; the browser downloads the file). */
function Exports() {
  const [to, setTo] = useState(portMoresbyToday);
  const [from, setFrom] = useState(() => `${portMoresbyToday().slice(0, 8)}01`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <section aria-labelledby="exports-title" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="exports-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
        Exports (CSV)
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="export-from" className="text-xs font-medium text-stone-700">
            From
          </label>
          <input
            id="export-from"
            type="date"
            value={from}
            max={to}
            onChange={(event) => setFrom(event.target.value)}
            className={inputBaseClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="export-to" className="text-xs font-medium text-stone-700">
            To
          </label>
          <input
            id="export-to"
            type="date"
            value={to}
            min={from}
            onChange={(event) => setTo(event.target.value)}
            className={inputBaseClass}
          />
        </div>
      </div>
      {valid ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {exportLinks.map((link) => (
            <li key={link.kind}>
              <Button asChild variant="outline" size="sm">
                <a href={`/api/admin/exports/${link.kind}?${new URLSearchParams({ from, to })}`} download>
                  {link.label} CSV
                </a>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-red-800">Choose a start date on or before the end date.</p>
      )}
      <p className="mt-2 text-xs text-stone-600">Amounts in kina with two decimals; times in Port Moresby time.</p>
    </section>
  );
}

/** /dashboard (issue 21, decision 018): the day's numbers, in Port Moresby time. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useDashboard();
  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-8">
        <AdminPageHeader
          title="Dashboard"
          back={{ to: '/entry-option', label: 'Back' }}
          actions={
            <Button variant="outline" onClick={() => void dashboard.refetch()}>
              Refresh
            </Button>
          }
        />
        {dashboard.isPending ? (
          <Spinner label="Loading the figures…" />
        ) : dashboard.isError ? (
          <ErrorState message="Could not load the figures.">
            <Button variant="outline" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </ErrorState>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-stone-600">
              Paid orders, Port Moresby time, as of {formatDateTime(dashboard.data.generatedAt)}. GST is the tax
              included in each order (total / 11).
            </p>
            <div className="grid gap-4 md:grid-cols-3">
              <Period id="today" title="Today" figures={dashboard.data.today} />
              <Period id="week" title="This week" figures={dashboard.data.week} />
              <Period id="month" title="This month" figures={dashboard.data.month} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Link to="/order-inventory" className="rounded-xl border border-stone-200 bg-white p-4 hover:bg-stone-50">
                <span className="block text-sm text-muted">Awaiting payment (bank transfer, pickup)</span>
                <span className="text-2xl font-bold text-stone-900">{dashboard.data.awaitingPayment}</span>
              </Link>
              <Link to="/order-inventory" className="rounded-xl border border-stone-200 bg-white p-4 hover:bg-stone-50">
                <span className="block text-sm text-muted">Paid, awaiting dispatch</span>
                <span className="text-2xl font-bold text-stone-900">{dashboard.data.awaitingDispatch}</span>
              </Link>
            </div>
            <DailyChart daily={dashboard.data.daily} />
            <Exports />
            <div className="grid gap-4 md:grid-cols-2">
              <section aria-labelledby="top-title" className="rounded-xl border border-stone-200 bg-white p-4">
                <h2 id="top-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
                  Top products, last 30 days
                </h2>
                {dashboard.data.topProducts.length === 0 ? (
                  <p className="text-sm text-muted">No sales yet.</p>
                ) : (
                  <ol className="flex flex-col gap-1 text-sm">
                    {dashboard.data.topProducts.map((product) => (
                      <li key={product.productId} className="flex justify-between gap-3">
                        <span className="min-w-0 break-words">{product.name}</span>
                        <span className="shrink-0 text-stone-700">
                          {product.units} sold, {formatKina(product.total)}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <section aria-labelledby="low-title" className="rounded-xl border border-stone-200 bg-white p-4">
                <h2 id="low-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
                  Low stock
                </h2>
                {dashboard.data.lowStock.length === 0 ? (
                  <p className="text-sm text-muted">Nothing is running low.</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {dashboard.data.lowStock.map((product) => (
                      <li key={product.productId} className="flex justify-between gap-3">
                        <span className="min-w-0 break-words">{product.name}</span>
                        <span className="shrink-0 text-stone-700">
                          {product.stock} on hand (alert at {product.threshold})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          </div>
        )}
      </div>
      <AdminFooter links={footerLinks} />
    </>
  );
}
