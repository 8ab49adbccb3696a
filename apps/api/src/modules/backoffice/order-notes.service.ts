import type { OrderNote } from '@bilum/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { type OrderNoteRow, orderNotes, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOfCaller, recordActivity, type StaffCaller } from '../audit/audit.service';

const toNote = (row: OrderNoteRow): OrderNote => ({
  id: row.id,
  body: row.body,
  author: row.authorName,
  createdAt: row.createdAt.toISOString(),
});

/** Internal notes on an order (issue 21, decision 018): staff only, never shown to the shopper. */
export function createOrderNotesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function requireOrder(executor: DbExecutor, orderId: number) {
    const [order] = await executor.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found.');
  }

  return {
    async list(orderId: number): Promise<OrderNote[]> {
      await requireOrder(db, orderId);
      const rows = await db
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.id));
      return rows.map(toNote);
    },

    /** Adds a note with its author and time, and its activity entry, in one transaction. */
    async add(caller: StaffCaller, orderId: number, body: string): Promise<OrderNote> {
      return db.transaction(async (tx) => {
        await requireOrder(tx, orderId);
        const [row] = await tx
          .insert(orderNotes)
          .values({
            orderId,
            authorUserId: caller.id,
            authorName: caller.fullName || caller.email,
            body,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error('order note not stored');
        await recordActivity(tx, {
          actor: actorOfCaller(caller),
          action: 'order.note-added',
          entityType: 'order',
          entityId: orderId,
          summary: `Note on order #${orderId}: ${body.length > 80 ? `${body.slice(0, 77)}...` : body}`,
          after: { note: body },
        });
        return toNote(row);
      });
    },
  };
}

export type OrderNotesService = ReturnType<typeof createOrderNotesService>;
