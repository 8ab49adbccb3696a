import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Whether a shopper gets text messages about their orders (issue 31, decision 044): on unless they turned it off
 * on the profile. The profile writes it; the texts module asks here before it queues or sends a text.
 */
export async function wantsTextMessages(executor: DbExecutor, userId: number): Promise<boolean> {
  const [user] = await executor
    .select({ textMessages: users.textMessages })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // A deleted account's order keeps the number the shopper gave for it.
  return user?.textMessages ?? true;
}
