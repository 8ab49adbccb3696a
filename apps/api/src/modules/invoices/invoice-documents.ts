import { noteOrder } from '../order-lifecycle/order-lifecycle';
import { type Invoice, invoiceMessages } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type OrderRow, orders } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { createMembershipService } from '../membership/membership.service';
import { type EmailLocale, emailLocaleOf } from '../mail/email-locale';
import type { EmailAttachment } from '../mail/mail.transport';
import { orderConfirmationEmail } from '../orders/order-emails';
import { readOrderItems } from '../orders/orders.service';
import { type JobHandler, jobsAbout, maxJobAttempts, type OutboxJobs } from '../outbox/outbox-jobs';
import type { SettingsService } from '../settings/settings.service';
import { hasInvoice, invoiceOf, invoiceSettingsIn } from './invoice.service';
import { pdfWorkerTask } from '../../pdf/pdf-workers';
import type { InvoicePdfInput } from './invoice-pdf.worker';

/**
 * A paid order's documents (issue 27): the paying transaction only gives the invoice its number (the database
 * trigger, decision 013) and queues this job; the outbox worker draws the PDF after the commit and queues the
 * confirmation e-mail with it. Drawing can fail for reasons of its own, and then the job retries (the e-mail
 * waits); after the last try the e-mail goes without the PDF and the job stays failed, shown on the order in the
 * admin. The payment is never undone by it.
 */

const kind = 'invoice-document';

/** What an order's document job is about (`outbox_jobs.event_id`), so the admin finds it through the index. */
export const invoiceJobKey = (orderId: number) => `order-${orderId}-invoice`;

/** The Premium year an order bought (decision 024): its confirmation says until when the membership is active. */
export interface PremiumBought {
  endsAt: Date;
  renewal: boolean;
}

/**
 * In the paying transaction: the job that draws the invoice and sends the confirmation once that commits; `premium`
 * when the payment bought a Premium year (the end date it made, so the e-mail names it exactly).
 */
export async function queueInvoiceDocument(
  jobs: Pick<OutboxJobs, 'enqueue'>,
  tx: DbExecutor,
  orderId: number,
  premium?: PremiumBought,
): Promise<void> {
  const payload = premium
    ? { orderId, premiumEndsAt: premium.endsAt.toISOString(), premiumRenewal: premium.renewal }
    : { orderId };
  await jobs.enqueue(tx, { kind, payload, eventId: invoiceJobKey(orderId) });
}

/** The Premium year a job's order bought: from the payload, else (a job queued before) the shopper's membership now. */
async function premiumOf(
  executor: DbExecutor,
  order: OrderRow,
  payload: Record<string, unknown>,
): Promise<PremiumBought | undefined> {
  if (typeof payload.premiumEndsAt === 'string') {
    return { endsAt: new Date(payload.premiumEndsAt), renewal: payload.premiumRenewal === true };
  }
  if (order.userId === null) return undefined;
  const state = await createMembershipService(executor).getState(order.userId);
  return state.endsAt ? { endsAt: new Date(state.endsAt), renewal: false } : undefined;
}

type Render = (invoice: Invoice, locale?: EmailLocale) => Promise<Uint8Array>;

const drawInWorker = pdfWorkerTask<InvoicePdfInput>(new URL('./invoice-pdf.worker.ts', import.meta.url));

/** The tax invoice's PDF, drawn in the PDF worker thread (invoice-pdf.worker.ts), labelled in `locale`. */
export const drawInvoicePdf: Render = (invoice, locale = 'en') => drawInWorker({ invoice, locale });

/**
 * The tax invoice PDF of a paid order as an e-mail attachment, for its shopper: labelled in the order's language
 * (issue 31); none while the order has no invoice.
 */
export async function invoiceAttachments(
  executor: DbExecutor,
  order: OrderRow,
  render: Render = drawInvoicePdf,
): Promise<EmailAttachment[]> {
  if (!hasInvoice(order)) return [];
  const invoice = await invoiceOf(executor, order, () => invoiceSettingsIn(executor));
  const pdf = await render(invoice, emailLocaleOf(order.locale));
  return [
    {
      filename: `Bilum-tax-invoice-${invoice.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
      contentBase64: Buffer.from(pdf).toString('base64'),
    },
  ];
}

export interface InvoiceDocumentsDeps {
  db: Database;
  mailer: Mailer;
  settings: Pick<SettingsService, 'get'>;
  shopUrl: string;
  /** Draws the PDF (a test passes one that fails). */
  render?: Render;
}

/**
 * The job: draw the invoice (outside any transaction), then, with the order row locked, queue the one
 * confirmation e-mail with it and note it on the order (`confirmation_email_id`, which also tells a later try
 * that the e-mail is already queued).
 */
export function invoiceDocumentJob(deps: InvoiceDocumentsDeps): JobHandler {
  const { db, mailer, shopUrl } = deps;
  const render = deps.render ?? drawInvoicePdf;
  return async (job) => {
    const orderId = Number(job.payload.orderId);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.confirmationEmailId !== null) return;
    let attachments: EmailAttachment[] = [];
    let failure: unknown = null;
    try {
      attachments = await invoiceAttachments(db, order, render);
    } catch (error) {
      failure = error;
    }
    // Tries left: the job is retried and the e-mail waits for its invoice.
    if (failure !== null && job.attempts + 1 < maxJobAttempts[kind]) throw failure;
    const settings = await deps.settings.get();
    const items = await readOrderItems(db, orderId);
    const premium = items.some((item) => item.isMembership) ? await premiumOf(db, order, job.payload) : undefined;
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!locked || locked.confirmationEmailId !== null) return;
      const email = orderConfirmationEmail({
        order: locked,
        items,
        shopUrl,
        settings,
        invoiceAttached: attachments.length > 0,
        premium,
      });
      const emailId = await mailer.enqueue(tx, { ...email, attachments });
      await noteOrder(tx, orderId, { confirmationEmailId: emailId });
    });
    // The last try: the shopper has the confirmation (without the PDF); the job ends failed, for staff to see.
    if (failure !== null) throw failure;
  };
}

/** Runs the document jobs in the outbox worker (once, at start-up). */
export function registerInvoiceDocuments(deps: InvoiceDocumentsDeps): void {
  deps.mailer.jobs.handle(kind, invoiceDocumentJob(deps));
}

/**
 * What staff should know about orders' invoices: for each order whose latest document job failed a try, why,
 * and whether it is still retrying. Orders without a problem are not in the map.
 */
export async function invoiceDocumentProblems(
  executor: DbExecutor,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  const problems = new Map<number, string>();
  const seen = new Set<number>();
  for (const job of await jobsAbout(executor, kind, orderIds.map(invoiceJobKey))) {
    const orderId = Number(job.payload.orderId);
    if (seen.has(orderId)) continue;
    seen.add(orderId);
    const reason = job.lastError ?? 'unknown error';
    if (job.status === 'failed') problems.set(orderId, invoiceMessages.drawFailed(reason, job.attempts));
    else if (job.status === 'pending' && job.lastError !== null) {
      problems.set(orderId, invoiceMessages.drawRetrying(reason));
    }
  }
  return problems;
}
