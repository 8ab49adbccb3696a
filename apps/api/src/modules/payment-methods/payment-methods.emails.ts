import {
  formatKina,
  mobileBankingSteps,
  type PaymentSettings,
  type PickupInfo,
  type ShopSettings,
} from '@bilum/shared';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import {
  contactLine as contactIn,
  durationIn,
  type EmailLocale,
  emailLocaleOf,
  hello,
  portMoresbyTime,
  pngDateTimeIn,
} from '../mail/email-locale';
import {
  isMembershipOnly,
  orderEmail,
  orderFactWords,
  orderLinesText,
  orderTotalsText,
  totalLabels,
  trackingLink,
} from '../orders/order-emails';

/** A date and time in Port Moresby (UTC+10, no daylight saving), e.g. "Wed 25 Nov 2026, 3:30 pm". */
export function pngDateTime(date: Date, locale: EmailLocale = 'en'): string {
  return pngDateTimeIn(date, locale);
}

/** The bank details and the reference, as one block (e-mails); the pages show the same fields. */
export function bankDetailsBlock(
  order: OrderRow,
  payment: PaymentSettings,
  amountDue: number,
  locale: EmailLocale = 'en',
): string {
  const words = bankWords[locale];
  return [
    `${words.amount}: ${formatKina(amountDue)}`,
    `${words.reference}: ${order.paymentReference ?? ''} (${words.quote})`,
    `${words.accountName}: ${payment.bankAccountName}`,
    `${words.bank}: ${payment.bankName}`,
    `BSB: ${payment.bankBsb}`,
    `${words.accountNumber}: ${payment.bankAccountNumber}`,
  ].join('\n');
}

const bankWords = {
  en: {
    amount: 'Amount to pay',
    reference: 'Payment reference',
    quote: 'quote it with your payment',
    accountName: 'Account name',
    bank: 'Bank',
    accountNumber: 'Account number',
  },
  tpi: {
    amount: 'Mani bilong peim',
    reference: 'Namba rifrens',
    quote: 'raitim taim yu peim',
    accountName: 'Nem bilong akaun',
    bank: 'Benk',
    accountNumber: 'Namba bilong akaun',
  },
} as const satisfies Record<EmailLocale, Record<string, string>>;

/** The mobile banking steps (`mobileBankingSteps` is the English, which the checkout's pages show too). */
const tpiMobileBankingSteps: readonly string[] = [
  'BSP: daiel *131# na makim Transfer Funds, na Other Bank o BSP Account.',
  'Kina Bank: daiel *525# na makim Transfers.',
  'MiBank na ol narapela mobail wolet: makim Pay Bills o Transfer long menu bilong wolet.',
  'Yu ken yusim intenet benking o go long benk sapos yu laik. Oltaim raitim namba rifrens.',
];

const mobileBanking = (locale: EmailLocale) =>
  `${locale === 'tpi' ? 'Hau long peim long mobail benking:' : 'How to pay by mobile banking:'}\n${(locale === 'tpi'
    ? tpiMobileBankingSteps
    : mobileBankingSteps
  )
    .map((step) => `- ${step}`)
    .join('\n')}`;

interface Input {
  order: OrderRow;
  items: OrderItemRow[];
  payment: PaymentSettings;
  settings: ShopSettings;
  shopUrl: string;
  /** A pickup order's place, opening hours, collect-by time and amount to pay (payment-placement.ts). */
  pickup?: PickupInfo | null;
  /**
   * Issue 28 (decision 029): a guest's order not yet confirmed: the single-use link, the minutes it is held
   * unconfirmed and the long hold it gets once confirmed ("48 hours", "3 days").
   */
  confirm?: HoldConfirmation | null;
}

export interface HoldConfirmation {
  link: string;
  minutes: number;
  longHold: string;
}

/** The confirmation request that leads a guest's bank-transfer or pickup e-mail (issue 28). */
const confirmBlock = (confirm: HoldConfirmation, pickup: boolean, locale: EmailLocale) =>
  locale === 'tpi'
    ? `Plis konfemim oda bilong yu insait long ${confirm.minutes} minit, nogut ol samting i go bek long seil:\n${confirm.link}\nTaim yu konfemim, mipela holim ol samting bilong yu inap ${durationIn(confirm.longHold, 'tpi')}${pickup ? ' bai yu kam kisim na peim long kaunta' : ' taim yu peim long benk trensfa'}.`
    : `Confirm your order within ${confirm.minutes} minutes, or the items go back on sale:\n${confirm.link}\nOnce you confirm, we hold your items for ${confirm.longHold}${pickup ? ' for you to collect and pay at the counter' : ' while you pay by bank transfer'}.`;

/**
 * Issue 27: the reference first and largest, and told apart from the tracking code, so a shopper in the *131#
 * menu quotes the right one.
 */
const referenceLead = (order: OrderRow, amountDue: number, locale: EmailLocale) =>
  locale === 'tpi'
    ? `Namba rifrens: ${order.paymentReference ?? ''}\nRaitim dispela namba rifrens taim yu peim ${formatKina(amountDue)}. Em i no kod bilong painim oda.`
    : `Payment reference: ${order.paymentReference ?? ''}\nQuote this reference when you pay ${formatKina(amountDue)}. It is not your tracking code.`;

const trackingOnly = (order: OrderRow, link: string, locale: EmailLocale) =>
  locale === 'tpi'
    ? `Kod bilong painim oda (long painim oda tasol, i no bilong peim): ${order.trackingCode}\n${orderFactWords.tpi.track}\n${link}`
    : `Tracking code (only for tracking your order, not for paying): ${order.trackingCode}\n${orderFactWords.en.track}\n${link}`;

const contactLine = (settings: ShopSettings, locale: EmailLocale) =>
  contactIn(settings.contactEmail, settings.phone, locale);

/** The words of the e-mails below that are not shared with the others. */
const placedWords = {
  en: {
    membershipWaiting: (id: number) =>
      `Thank you for choosing Bilum Premium. Your membership order #${id} is waiting for your payment by bank transfer or mobile banking.`,
    waiting: (id: number) =>
      `Thank you for your order #${id}. It is waiting for your payment by bank transfer or mobile banking.`,
    payBy: (until: string) =>
      `Please pay by ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and you can order Premium again.`,
    holdUntil: (until: string) =>
      `We hold your items until ${until} (Port Moresby time). If the payment has not reached us by then, the order is cancelled and the items go back on sale.`,
    membershipStarts: `Your Premium membership starts as soon as your payment arrives, and we e-mail you then.`,
    weEmail: `We e-mail you as soon as your payment arrives.`,
    confirmSubject: (id: number, minutes: number, due: string, reference: string | null) =>
      `Confirm your Bilum order #${id} within ${minutes} minutes, then pay ${due} with reference ${reference}`,
    membershipSubject: (id: number, due: string, reference: string | null) =>
      `Pay ${due} with reference ${reference}: Bilum Premium membership, order #${id}`,
    subject: (id: number, due: string, reference: string | null) =>
      `Pay ${due} with reference ${reference}: Bilum order #${id}`,
  },
  tpi: {
    membershipWaiting: (id: number) =>
      `Tenkyu long makim Bilum Premium. Memba oda #${id} bilong yu i wetim mani yu peim long benk trensfa o mobail benking.`,
    waiting: (id: number) =>
      `Tenkyu long oda #${id} bilong yu. Em i wetim mani yu peim long benk trensfa o mobail benking.`,
    payBy: (until: string) =>
      `Plis peim bipo long ${until} ${portMoresbyTime.tpi}. Sapos mani i no kamap long mipela long dispela taim, oda bai pinis na yu ken oda long Premium gen.`,
    holdUntil: (until: string) =>
      `Mipela holim ol samting bilong yu inap long ${until} ${portMoresbyTime.tpi}. Sapos mani i no kamap long mipela long dispela taim, oda bai pinis na ol samting i go bek long seil.`,
    membershipStarts: 'Premium Memba bilong yu i stat taim mani yu peim i kamap, na bai mipela salim imel long yu.',
    weEmail: 'Taim mani yu peim i kamap, bai mipela salim imel long yu.',
    confirmSubject: (id: number, minutes: number, due: string, reference: string | null) =>
      `Konfemim Bilum oda #${id} insait long ${minutes} minit, na peim ${due} wantaim namba rifrens ${reference}`,
    membershipSubject: (id: number, due: string, reference: string | null) =>
      `Peim ${due} wantaim namba rifrens ${reference}: Bilum Premium Memba, oda #${id}`,
    subject: (id: number, due: string, reference: string | null) =>
      `Peim ${due} wantaim namba rifrens ${reference}: Bilum oda #${id}`,
  },
} as const;

/** Placed with bank transfer: exactly what to do, and until when the stock is held. */
export function bankTransferPlacedEmail({ order, items, payment, settings, shopUrl, confirm }: Input): OutgoingEmail {
  const locale = emailLocaleOf(order.locale);
  const words = placedWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  // Unconfirmed (issue 28): the hold's end is the confirmation's deadline, said by the confirmation block.
  const until = order.holdExpiresAt && !confirm ? pngDateTime(order.holdExpiresAt, locale) : null;
  const due = order.totalToea - order.amountReceivedToea;
  // Premium (decision 024): a membership, not goods; nothing is held or shipped.
  const membership = isMembershipOnly(items);
  const paragraphs = [
    hello(order.firstName, locale),
    membership ? words.membershipWaiting(order.id) : words.waiting(order.id),
    confirm ? confirmBlock(confirm, false, locale) : '',
    orderLinesText(items),
    membership
      ? orderTotalsText(order, totalLabels[locale].toPay, true, locale)
      : orderTotalsText(order, totalLabels[locale].order, false, locale),
    bankDetailsBlock(order, payment, due, locale),
    until ? (membership ? words.payBy(until) : words.holdUntil(until)) : '',
    mobileBanking(locale),
    membership ? words.membershipStarts : words.weEmail,
    trackingOnly(order, link, locale),
    contactLine(settings, locale),
  ].filter(Boolean);
  const amount = formatKina(due);
  return orderEmail(
    order.email,
    confirm
      ? words.confirmSubject(order.id, confirm.minutes, amount, order.paymentReference)
      : membership
        ? words.membershipSubject(order.id, amount, order.paymentReference)
        : words.subject(order.id, amount, order.paymentReference),
    paragraphs,
    confirm ? [confirm.link, link] : link,
    confirm
      ? `${confirmBlock(confirm, false, locale)}\n\n${referenceLead(order, due, locale)}`
      : referenceLead(order, due, locale),
  );
}

const pickupWords = {
  en: {
    toPay: 'To pay at pickup',
    pickupAt: 'Pickup at',
    openingHours: 'Opening hours',
    collectBy: 'Collect by',
    collectWithin: (hold: string) => `Collect within ${hold} of confirming`,
    payAtCounter: (id: number) =>
      `Thank you for your order #${id}. Please pay at the counter when you collect it, in cash or by EFTPOS.`,
    confirmed: (id: number) =>
      `Thank you for your order #${id}. It is confirmed: please pay at the counter when you collect it, in cash or by EFTPOS.`,
    notCollected: 'If the order is not collected by then, it is cancelled and the items go back on sale.',
    confirmSubject: (id: number, minutes: number) =>
      `Confirm your Bilum order #${id} within ${minutes} minutes: pay at pickup`,
    subject: (id: number) => `Your Bilum order #${id} is confirmed: pay at pickup`,
  },
  tpi: {
    toPay: 'Peim taim yu kisim',
    pickupAt: 'Kisim long',
    openingHours: 'Taim stua i op',
    collectBy: 'Kisim bipo long',
    collectWithin: (hold: string) => `Kisim insait long ${hold} bihain long yu konfemim`,
    payAtCounter: (id: number) =>
      `Tenkyu long oda #${id} bilong yu. Plis peim long kaunta taim yu kam kisim, long kes o EFTPOS.`,
    confirmed: (id: number) =>
      `Tenkyu long oda #${id} bilong yu. Em i orait nau: plis peim long kaunta taim yu kam kisim, long kes o EFTPOS.`,
    notCollected: 'Sapos yu no kisim oda long dispela taim, oda bai pinis na ol samting i go bek long seil.',
    confirmSubject: (id: number, minutes: number) =>
      `Konfemim Bilum oda #${id} insait long ${minutes} minit: peim taim yu kisim`,
    subject: (id: number) => `Bilum oda #${id} bilong yu i orait nau: peim taim yu kisim`,
  },
} as const;

/** Pay at pickup: confirmed now; pay at the counter when collecting: how much, where (and when open), by when. */
export function pickupConfirmedEmail({ order, items, settings, shopUrl, pickup, confirm }: Input): OutgoingEmail {
  const locale = emailLocaleOf(order.locale);
  const words = pickupWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt && !confirm ? pngDateTime(order.holdExpiresAt, locale) : null;
  const place = pickup ? [pickup.name, pickup.address].filter(Boolean).join(', ') : (order.pickupLocation ?? '');
  const lead = [
    `${words.toPay}: ${formatKina(pickup?.amountToPay ?? order.totalToea)}`,
    place ? `${words.pickupAt}: ${place}` : null,
    pickup?.openingHours ? `${words.openingHours}: ${pickup.openingHours}` : null,
    until ? `${words.collectBy}: ${until} ${portMoresbyTime[locale]}` : null,
    confirm ? words.collectWithin(durationIn(confirm.longHold, locale)) : null,
  ]
    .filter(Boolean)
    .join('\n');
  const paragraphs = [
    hello(order.firstName, locale),
    confirm ? words.payAtCounter(order.id) : words.confirmed(order.id),
    confirm ? confirmBlock(confirm, true, locale) : '',
    orderLinesText(items),
    orderTotalsText(order, totalLabels[locale].atPickup, false, locale),
    words.notCollected,
    `${orderFactWords[locale].orderId}: ${order.id}\n${trackingOnly(order, link, locale)}`,
    contactLine(settings, locale),
  ].filter(Boolean);
  if (confirm) {
    return orderEmail(
      order.email,
      words.confirmSubject(order.id, confirm.minutes),
      paragraphs,
      [confirm.link, link],
      `${confirmBlock(confirm, true, locale)}\n\n${lead}`,
    );
  }
  return orderEmail(order.email, words.subject(order.id), paragraphs, link, lead);
}

const reminderWords = {
  en: {
    soon: 'soon',
    membership: (id: number, until: string) =>
      `We have not yet received the full payment for your Premium membership order #${id}. Please pay by ${until} (Port Moresby time); your membership starts when it arrives.`,
    goods: (id: number, until: string) =>
      `We have not yet received the full payment for your order #${id}. We hold your items until ${until} (Port Moresby time).`,
    soFar: (received: string, due: string) => `Received so far: ${received}. Still to pay: ${due}.`,
    alreadyPaid: `Already paid? Thank you: we record payments as they reach our account.`,
    subject: (id: number, due: string, reference: string | null) =>
      `Reminder: pay ${due} with reference ${reference} for Bilum order #${id}`,
  },
  tpi: {
    soon: 'klostu nau',
    membership: (id: number, until: string) =>
      `Mipela i no kisim yet olgeta mani bilong Premium Memba oda #${id} bilong yu. Plis peim bipo long ${until} ${portMoresbyTime.tpi}; memba bilong yu i stat taim mani i kamap.`,
    goods: (id: number, until: string) =>
      `Mipela i no kisim yet olgeta mani bilong oda #${id} bilong yu. Mipela holim ol samting bilong yu inap long ${until} ${portMoresbyTime.tpi}.`,
    soFar: (received: string, due: string) => `Mipela kisim pinis: ${received}. Yu mas peim yet: ${due}.`,
    alreadyPaid: 'Yu peim pinis? Tenkyu: mipela raitim mani taim em i kamap long akaun bilong mipela.',
    subject: (id: number, due: string, reference: string | null) =>
      `Tingim: peim ${due} wantaim namba rifrens ${reference} long Bilum oda #${id}`,
  },
} as const;

/** The one reminder before a bank transfer's hold ends. */
export function paymentReminderEmail({ order, items, payment, settings, shopUrl }: Input): OutgoingEmail {
  const locale = emailLocaleOf(order.locale);
  const words = reminderWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  const until = order.holdExpiresAt ? pngDateTime(order.holdExpiresAt, locale) : words.soon;
  const due = Math.max(0, order.totalToea - order.amountReceivedToea);
  const paragraphs = [
    hello(order.firstName, locale),
    isMembershipOnly(items) ? words.membership(order.id, until) : words.goods(order.id, until),
    // Issue 27: every "please pay" message itemises the goods, the delivery and the total.
    orderLinesText(items),
    orderTotalsText(order, totalLabels[locale].order, isMembershipOnly(items), locale),
    ...(order.amountReceivedToea > 0 ? [words.soFar(formatKina(order.amountReceivedToea), formatKina(due))] : []),
    bankDetailsBlock(order, payment, due, locale),
    mobileBanking(locale),
    words.alreadyPaid,
    trackingOnly(order, link, locale),
    contactLine(settings, locale),
  ];
  return orderEmail(
    order.email,
    words.subject(order.id, formatKina(due), order.paymentReference),
    paragraphs,
    link,
    referenceLead(order, due, locale),
  );
}

/** What a cancelled order's e-mails say about money received and the cart (here and admin-orders.emails.ts). */
export const cancelWords = {
  en: {
    received: (amount: string) => `We received ${amount} from you for this order; we will contact you to return it.`,
    notCharged: 'You have not been charged.',
    backInCart: 'The items are back in your cart should you still want them.',
  },
  tpi: {
    received: (amount: string) =>
      `Mipela kisim ${amount} long yu long dispela oda; bai mipela toktok wantaim yu long givim bek.`,
    notCharged: 'Mipela i no kisim wanpela mani long yu.',
    backInCart: 'Ol samting i stap gen long kat bilong yu sapos yu laik kisim yet.',
  },
} as const;

const holdEndedWords = {
  en: {
    unconfirmed: (id: number) =>
      `Your order #${id} was not confirmed from our e-mail in time, so we have cancelled it and the items are back on sale. You are welcome to place it again.`,
    membership: (id: number) =>
      `We did not receive the payment for your Premium membership order #${id} in time, so we have cancelled it. You can order Premium again at any time.`,
    notCollected: (id: number) =>
      `Your order #${id} was not collected by its pickup deadline, so we have cancelled it and the items are back on sale.`,
    notPaid: (id: number) =>
      `We did not receive the payment for your order #${id} in time, so we have cancelled it and the items are back on sale.`,
    status: 'Order status:',
    subject: (id: number) => `Your Bilum order #${id} was cancelled`,
  },
  tpi: {
    unconfirmed: (id: number) =>
      `Yu no konfemim oda #${id} bilong yu long imel bilong mipela long taim, olsem na mipela kenselim na ol samting i go bek long seil. Yu ken oda gen.`,
    membership: (id: number) =>
      `Mipela i no kisim mani bilong Premium Memba oda #${id} bilong yu long taim, olsem na mipela kenselim. Yu ken oda long Premium gen long wanem taim.`,
    notCollected: (id: number) =>
      `Yu no kam kisim oda #${id} bilong yu bipo long las de bilong kisim, olsem na mipela kenselim na ol samting i go bek long seil.`,
    notPaid: (id: number) =>
      `Mipela i no kisim mani bilong oda #${id} bilong yu long taim, olsem na mipela kenselim na ol samting i go bek long seil.`,
    status: 'Oda i stap olsem wanem:',
    subject: (id: number) => `Mipela kenselim Bilum oda #${id} bilong yu`,
  },
} as const;

/** The hold ended unpaid (bank transfer) or uncollected (pickup): cancelled. */
export function holdEndedEmail({
  order,
  settings,
  shopUrl,
  membership = false,
}: Omit<Input, 'payment' | 'items'> & { membership?: boolean }): OutgoingEmail {
  const locale = emailLocaleOf(order.locale);
  const words = holdEndedWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  // Issue 28: a guest's order not confirmed from its e-mail within the short hold.
  const unconfirmed = order.holdConfirmTokenHash !== null;
  const why = unconfirmed
    ? words.unconfirmed(order.id)
    : membership
      ? words.membership(order.id)
      : order.paymentMethod === 'pickup'
        ? words.notCollected(order.id)
        : words.notPaid(order.id);
  const received =
    order.amountReceivedToea > 0
      ? cancelWords[locale].received(formatKina(order.amountReceivedToea))
      : cancelWords[locale].notCharged;
  // Issue 27: a signed-in shopper's lines left the cart when the order was placed; they are back in it now.
  const backInCart = order.source === 'cart' && order.userId !== null ? [cancelWords[locale].backInCart] : [];
  const paragraphs = [
    hello(order.firstName, locale),
    why,
    received,
    ...backInCart,
    `${words.status}\n${link}`,
    contactLine(settings, locale),
  ];
  return orderEmail(order.email, words.subject(order.id), paragraphs, link);
}
