import { describe, expect, it } from 'vitest';
import { stockMessages } from './admin-stock';
import { restockFormSchema, restockSchema } from './admin-stock.schema';

describe('restock with a reason and a note (issue 30)', () => {
  it('turns the dialog’s text into the restock body: units as a number, the note trimmed, an empty note left out', () => {
    expect(restockFormSchema.parse({ quantity: ' 12 ', reason: 'supplier-delivery', note: '  INV-2231 ' })).toEqual({
      quantity: 12,
      reason: 'supplier-delivery',
      note: 'INV-2231',
    });
    expect(restockFormSchema.parse({ quantity: '1', reason: 'other', note: '   ' })).toEqual({
      quantity: 1,
      reason: 'other',
    });
  });

  it('requires a known reason and refuses a note over 500 characters (after trimming), each with its message', () => {
    const messagesOf = (input: unknown) =>
      restockSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messagesOf({ quantity: 3 })).toEqual([['reason', stockMessages.restockReason]]);
    expect(messagesOf({ quantity: 3, reason: 'lost-and-found' })).toEqual([['reason', stockMessages.restockReason]]);
    expect(messagesOf({ quantity: 3, reason: 'other', note: 'n'.repeat(501) })).toEqual([
      ['note', stockMessages.restockNoteTooLong],
    ]);
    expect(restockSchema.safeParse({ quantity: 3, reason: 'other', note: ` ${'n'.repeat(500)} ` }).success).toBe(true);
    expect(restockFormSchema.safeParse({ quantity: '0', reason: 'other', note: '' }).error?.issues[0]?.message).toBe(
      stockMessages.restockQuantity,
    );
  });
});
