import { type Dashboard, formatKina, type SalesFigures } from '@bilum/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { inputBaseClass } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { useDashboard } from './reports.api';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/product-inventory', label: 'Product Inventory' },
] as const;

/** One period's books: net sales first, then how they are made (issue 27: net of refunds). */
function Period({ id, title, figures }: { id: string; title: string; figures: SalesFigures }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      <p className="mt-1 text-xs text-muted">Net sales</p>
      <p className="text-2xl font-bold text-stone-900" data-testid={`sales-${id}-net`}>
        {formatKina(figures.net)}
      </p>
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm tabular-nums">
        <dt className="text-muted">Gross sales</dt>
        <dd className="text-right" data-testid={`sales-${id}-gross`}>
          {formatKina(figures.gross)}
        </dd>
        <dt className="text-muted">Refunds</dt>
        <dd className={`text-right ${figures.refunds > 0 ? 'text-red-800' : ''}`} data-testid={`sales-${id}-refunds`}>
          {figures.refunds > 0 ? `-${formatKina(figures.refunds)}` : formatKina(0)}
        </dd>
        <dt className="text-muted">GST on net sales</dt>
        <dd className="text-right" data-testid={`sales-${id}-gst`}>
          {formatKina(figures.gst)}
        </dd>
        <dt className="text-muted">Orders paid</dt>
        <dd className="text-right" data-testid={`sales-${id}-orders`}>
          {figures.orders}
        </dd>
        <dt className="text-muted">Average order</dt>
        <dd className="text-right">{formatKina(figures.average)}</dd>
      </dl>
    </section>
  );
}

/**
 * 30 days of gross sales (bars up) and refunds (bars down, on the day they were made) as SVG: no charting library,
 * and a table of the same figures, net and GST included, for screen readers and for reading exact amounts.
 */
function DailyChart({ daily }: { daily: Dashboard['daily'] }) {
  const up = Math.max(1, ...daily.map((day) => day.gross));
  const down = Math.max(0, ...daily.map((day) => day.refunds));
  const width = 600;
  const height = 160;
  // The baseline sits so that sales and refunds share one scale (refunds get at least a sliver of room).
  const scale = (height - 8) / (up + down);
  const baseline = 4 + up * scale;
  const bar = width / daily.length;
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const active = daily.filter((day) => day.orders > 0 || day.gross !== 0 || day.refunds !== 0);
  const totals = daily.reduce((sum, day) => ({ gross: sum.gross + day.gross, refunds: sum.refunds + day.refunds }), {
    gross: 0,
    refunds: 0,
  });
  return (
    <section aria-labelledby="daily-title" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="daily-title" className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted">
        Daily sales, last 30 days
      </h2>
      <p className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand-600" /> Gross sales
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-red-700" /> Refunds (on the day made)
        </span>
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby="daily-title daily-desc"
      >
        <desc id="daily-desc">
          Gross sales per day as bars above the line and refunds as bars below it, from {label(daily[0]?.day ?? '')} to{' '}
          {label(daily.at(-1)?.day ?? '')}: {formatKina(totals.gross)} of sales and {formatKina(totals.refunds)} of
          refunds in all. The figures are in the table below.
        </desc>
        {daily.map((day, index) => {
          const h = Math.round(day.gross * scale);
          const r = Math.round(day.refunds * scale);
          return (
            <g key={day.day}>
              <title>
                {label(day.day)}: {formatKina(day.gross)} sales ({day.orders} orders), {formatKina(day.refunds)}{' '}
                refunded, {formatKina(day.net)} net
              </title>
              <rect
                x={index * bar + 2}
                y={baseline - Math.max(h, day.gross > 0 ? 2 : 0)}
                width={bar - 4}
                height={Math.max(h, day.gross > 0 ? 2 : 0)}
                rx={2}
                className="fill-brand-600"
              />
              {day.refunds > 0 && (
                <rect
                  x={index * bar + 2}
                  y={baseline}
                  width={bar - 4}
                  height={Math.max(r, 2)}
                  rx={2}
                  className="fill-red-700"
                />
              )}
            </g>
          );
        })}
        <line x1={0} y1={baseline} x2={width} y2={baseline} className="stroke-stone-400" strokeWidth={1} />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden="true">
        <span>{label(daily[0]?.day ?? '')}</span>
        <span>{label(daily.at(-1)?.day ?? '')}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show the figures</summary>
        {active.length === 0 ? (
          <p className="mt-2 text-muted">No sales or refunds in the last 30 days.</p>
        ) : (
          <>
            <p className="mt-2 text-xs text-stone-600">Days without sales or refunds are left out.</p>
            {/* A table from 640 px; below, one block per day, so no figure hides off the side of a phone. */}
            <table className="mt-2 hidden w-full max-w-3xl text-left tabular-nums sm:table">
              <thead>
                <tr className="text-muted">
                  <th className="py-1 pr-2 font-medium">Day</th>
                  <th className="py-1 pr-2 text-right font-medium">Orders</th>
                  <th className="py-1 pr-2 text-right font-medium">Gross</th>
                  <th className="py-1 pr-2 text-right font-medium">Refunds</th>
                  <th className="py-1 pr-2 text-right font-medium">Net</th>
                  <th className="py-1 text-right font-medium">GST on net</th>
                </tr>
              </thead>
              <tbody>
                {active.map((day) => (
                  <tr key={day.day}>
                    <td className="py-0.5 pr-2 whitespace-nowrap">{label(day.day)}</td>
                    <td className="py-0.5 pr-2 text-right">{day.orders}</td>
                    <td className="py-0.5 pr-2 text-right">{formatKina(day.gross)}</td>
                    <td className="py-0.5 pr-2 text-right">{formatKina(day.refunds)}</td>
                    <td className="py-0.5 pr-2 text-right">{formatKina(day.net)}</td>
                    <td className="py-0.5 text-right">{formatKina(day.gst)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-2 flex flex-col gap-2 sm:hidden">
              {active.map((day) => (
                <li key={day.day} className="rounded-md border border-stone-200 px-3 py-2">
                  <p className="font-medium text-stone-900">
                    {label(day.day)}: {day.orders} {day.orders === 1 ? 'order' : 'orders'}
                  </p>
                  <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs tabular-nums">
                    {(
                      [
                        ['Gross', day.gross],
                        ['Refunds', day.refunds],
                        ['Net', day.net],
                        ['GST on net', day.gst],
                      ] as const
                    ).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="text-muted">{name}</dt>
                        <dd className="text-right">{formatKina(value)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </details>
    </section>
  );
}

/** Refunds that did not go through (issue 27): staff see them here as well as on the order. */
function RefundProblems({ problems }: { problems: Dashboard['refundProblems'] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="refund-problems-title" className="rounded-xl border border-red-300 bg-red-50 p-4">
      <h2 id="refund-problems-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-red-800">
        Refunds that did not go through
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-stone-800">
        {problems.map((problem) => (
          <li key={`${problem.problem}-${problem.orderId}-${problem.at}`} className="break-words">
            <span className="font-semibold">Order #{problem.orderId}</span>:{' '}
            {problem.problem === 'card-refund-failed'
              ? `the card refund of ${formatKina(problem.amount)} failed on ${formatDateTime(problem.at)}` +
                `${problem.by ? ` (asked by ${problem.by})` : ''}. Nothing was refunded; refund it again from the order.`
              : `cancelled on ${formatDateTime(problem.at)}, but its refund of ${formatKina(problem.amount)} has not ` +
                'gone through. It is retried automatically; Retry Refund on the order tries now.'}
          </li>
        ))}
      </ul>
      <Link to="/order-inventory" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
        Open Order Inventory
      </Link>
    </section>
  );
}

const exportLinks = [
  { kind: 'orders', label: 'Orders' },
  { kind: 'order-lines', label: 'Order lines' },
  { kind: 'customers', label: 'Customers' },
  { kind: 'members', label: 'Members' },
  { kind: 'sales', label: 'Daily sales' },
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
      <p className="mt-2 text-xs text-stone-600">
        Amounts in kina with two decimals; times in Port Moresby time. Daily sales: gross, refunds, net and GST on net
        per day.
      </p>
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
              Port Moresby time, as of {formatDateTime(dashboard.data.generatedAt)}. Gross sales are the orders paid in
              the period; refunds count on the day they were made; net sales are gross less refunds, and GST is the tax
              included in the net sales (net / 11).
            </p>
            <div className="grid gap-4 md:grid-cols-3">
              <Period id="today" title="Today" figures={dashboard.data.today} />
              <Period id="week" title="This week" figures={dashboard.data.week} />
              <Period id="month" title="This month" figures={dashboard.data.month} />
            </div>
            <RefundProblems problems={dashboard.data.refundProblems} />
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
                <h2 id="top-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
                  Top products, last 30 days
                </h2>
                <p className="mb-2 text-xs text-stone-600">Units sold less units refunded.</p>
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
                      <li key={product.variantId} className="flex justify-between gap-3">
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
