import { invoiceMessages } from '@bilum/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../i18n/react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DocumentFrame } from './DocumentFrame';
import { useOwnedInvoice, useTrackedInvoice } from './invoice.api';
import { InvoiceDocument } from './InvoiceDocument';

/** No order asked for: shown as "not found" (DocumentFrame words a 404 in the page's language). */
const noOrder = new ApiError(404, 'NOT_FOUND', invoiceMessages.notFound);

/**
 * /invoice?tracking_code=… (the e-mail's and the tracking page's link; guests too) and /invoice/:orderId (the
 * signed-in shopper's order history): the printable GST tax invoice of a paid order.
 */
export default function InvoicePage() {
  const t = useT();
  const title = t('invoice.title');
  useDocumentTitle(title);
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const trackingCode = params.get('tracking_code')?.trim() ?? '';
  const id = orderId && /^\d{1,9}$/.test(orderId) ? Number(orderId) : null;
  const owned = useOwnedInvoice(orderId !== undefined ? (id ?? 0) : null);
  const tracked = useTrackedInvoice(orderId === undefined ? trackingCode : null);
  const query = orderId !== undefined ? owned : tracked;
  const back =
    orderId !== undefined ? (
      <Button asChild variant="outline">
        <Link to="/order-history">{t('invoice.backToHistory')}</Link>
      </Button>
    ) : trackingCode !== '' ? (
      <Button asChild variant="outline">
        <Link to={`/track-order?tracking_code=${encodeURIComponent(trackingCode)}`}>{t('invoice.trackThisOrder')}</Link>
      </Button>
    ) : (
      <Button asChild variant="outline">
        <Link to="/track-order">{t('invoice.trackAnOrder')}</Link>
      </Button>
    );

  if (orderId === undefined && trackingCode === '') {
    return (
      <DocumentFrame
        title={title}
        query={{ isPending: false, isError: true, error: noOrder, refetch: () => undefined }}
        actions={back}
      >
        {null}
      </DocumentFrame>
    );
  }
  return (
    <DocumentFrame title={title} query={query} actions={back}>
      {query.data && <InvoiceDocument invoice={query.data} />}
    </DocumentFrame>
  );
}
