import { describe, expect, it } from 'vitest';
import { pngProvinces } from './delivery';
import { defaultInvoiceSettings } from './invoice';
import { setupChecklist, type SetupFacts } from './setup';

const ready: SetupFacts = {
  shop: { contactEmail: 'sales@koko.com.pg', phone: '+675 7000 1234', address: 'Eriku, Lae', deliveryDays: 3 },
  invoice: { legalName: 'Koko Trading Limited', tin: '501234567', address: 'PO Box 88, Lae' },
  payments: {
    cardEnabled: true,
    bankTransferEnabled: true,
    pickupEnabled: false,
    bankAccountName: 'Koko Trading',
    bankName: 'BSP',
    bankBsb: '088-950',
    bankAccountNumber: '1001234567',
  },
  provincesPriced: pngProvinces.length,
  activePickupPoints: 0,
};
const done = (facts: SetupFacts) =>
  Object.fromEntries(setupChecklist(facts).items.map((item) => [item.key, item.done]));

describe('setupChecklist', () => {
  it('is done for a shop with its own details, a way to pay without a card and every province priced', () => {
    expect(setupChecklist(ready).done).toBe(true);
  });

  it('asks for the bank account only while bank transfer is on', () => {
    const noBank = { ...ready.payments, bankAccountNumber: '' };
    expect(done({ ...ready, payments: noBank })).toMatchObject({ 'bank-account': false, 'ways-to-pay': false });
    const pickupOnly = { ...noBank, bankTransferEnabled: false, pickupEnabled: true };
    expect(done({ ...ready, payments: pickupOnly, activePickupPoints: 1 })).toMatchObject({
      'bank-account': true,
      'ways-to-pay': true,
      delivery: true,
    });
    // Pay at pickup with no pickup point open: shoppers could not choose where.
    expect(done({ ...ready, payments: pickupOnly })).toMatchObject({ delivery: false });
  });

  it('finds the demo’s TIN and a province without a fee', () => {
    expect(done({ ...ready, invoice: { ...ready.invoice, tin: defaultInvoiceSettings.tin } })).toMatchObject({
      'tax-invoice': false,
    });
    const checklist = setupChecklist({ ...ready, provincesPriced: 20 });
    expect(checklist.items.find((item) => item.key === 'delivery')?.hint).toBe(
      'Only 20 of the 22 provinces have a delivery fee: put every province in a zone.',
    );
  });
});
