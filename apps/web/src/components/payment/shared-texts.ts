import { checkoutMessages, confirmationEmailMessages, trackingMessages } from '@bilum/shared/checkout';
import { contactMessages } from '@bilum/shared/contact-messages';
import { deliveryMessages } from '@bilum/shared/delivery';
import { mobileBankingSteps, orderPaymentStateLabels, paymentMethodLabels } from '@bilum/shared/payment-methods';
import { phoneMessages } from '@bilum/shared/phone';
import type { MessageId, Translate } from '../../i18n/i18n';

/*
 * Texts packages/shared gives the shopper pages as English strings (the API uses the same functions, so they stay
 * English there): shown in the page's language through a catalog key whose English is the shared text, word for
 * word (shared-texts.test.ts holds the catalog to it). A text not listed (a server's message) is shown as it came.
 */

type Pairs = readonly (readonly [text: string, id: MessageId])[];

const checkoutTexts: Pairs = [
  [checkoutMessages.noPurchasableItems, 'checkout.msg.noPurchasableItems'],
  [checkoutMessages.prepareFailed, 'checkout.msg.prepareFailed'],
  [checkoutMessages.cardMissing, 'checkout.msg.cardMissing'],
  [checkoutMessages.cardIncomplete, 'checkout.msg.cardIncomplete'],
  [checkoutMessages.invalidTotal, 'checkout.msg.invalidTotal'],
  [checkoutMessages.confirmDetailsFirst, 'checkout.msg.confirmDetailsFirst'],
  [checkoutMessages.paymentNotReady, 'checkout.msg.paymentNotReady'],
  [checkoutMessages.paymentFailed, 'checkout.msg.paymentFailed'],
  [checkoutMessages.paymentNotSuccessful, 'checkout.msg.paymentNotSuccessful'],
  [checkoutMessages.unexpected, 'checkout.msg.unexpected'],
  [checkoutMessages.orderSaveFailedToast, 'checkout.msg.orderSaveFailedToast'],
  [checkoutMessages.checkoutErrorToast, 'checkout.msg.checkoutErrorToast'],
  [checkoutMessages.emptyGuestCart, 'checkout.msg.emptyGuestCart'],
  [checkoutMessages.noItems, 'checkout.msg.noItems'],
  [checkoutMessages.processing, 'checkout.msg.processing'],
  [checkoutMessages.orderNotSaved, 'checkout.msg.orderNotSaved'],
  [checkoutMessages.holdExpired, 'checkout.msg.holdExpired'],
  [checkoutMessages.alreadyPaid, 'checkout.msg.alreadyPaid'],
  [checkoutMessages.paymentNotOpened, 'checkout.msg.paymentNotOpened'],
  [checkoutMessages.refundedCannotHonour, 'checkout.msg.refundedCannotHonour'],
  [checkoutMessages.holdConfirmLinkUsed, 'checkout.msg.holdConfirmLinkUsed'],
];

const contactTexts: Pairs = [
  [contactMessages.firstName, 'checkout.contact.firstName'],
  [contactMessages.lastName, 'checkout.contact.lastName'],
  [contactMessages.address, 'checkout.contact.address'],
  [contactMessages.city, 'checkout.contact.city'],
  [contactMessages.postcode, 'checkout.contact.postcode'],
  [contactMessages.postcodeFormat, 'checkout.contact.postcodeFormat'],
  [contactMessages.pickupLocation, 'checkout.contact.pickupLocation'],
  [contactMessages.missingDetails, 'checkout.contact.missingDetails'],
  [contactMessages.missingShippingDetails, 'checkout.contact.missingShippingDetails'],
  [contactMessages.missingInfoToast, 'checkout.contact.missingInfoToast'],
  [contactMessages.saveFailed, 'checkout.contact.saveFailed'],
  [contactMessages.savedLocallyOnly, 'checkout.contact.savedLocallyOnly'],
  [contactMessages.notFound, 'checkout.contact.notFound'],
  [contactMessages.guestSaveFailed, 'checkout.contact.guestSaveFailed'],
  [phoneMessages.required, 'checkout.phone.required'],
  [phoneMessages.countryCode, 'checkout.phone.countryCode'],
  [phoneMessages.pngStart, 'checkout.phone.pngStart'],
  [phoneMessages.pngMobileLength, 'checkout.phone.pngMobileLength'],
  [phoneMessages.pngLandlineLength, 'checkout.phone.pngLandlineLength'],
  [phoneMessages.otherLength, 'checkout.phone.otherLength'],
  [deliveryMessages.province, 'checkout.delivery.province'],
  [deliveryMessages.pickupPoint, 'checkout.delivery.pickupPoint'],
  [deliveryMessages.pickupPointClosed, 'checkout.delivery.pickupPointClosed'],
  [deliveryMessages.noPickupPoints, 'checkout.delivery.noPickupPoints'],
  [deliveryMessages.memberFree, 'checkout.delivery.memberFree'],
  [deliveryMessages.pickupFree, 'checkout.delivery.pickupFree'],
  [deliveryMessages.freeZone, 'checkout.delivery.freeZone'],
  [deliveryMessages.chooseProvince, 'checkout.delivery.chooseProvince'],
];

const paymentTexts: Pairs = [
  [paymentMethodLabels.card, 'payment.method.card'],
  [paymentMethodLabels['bank-transfer'], 'payment.method.bankTransfer'],
  [paymentMethodLabels.pickup, 'payment.method.pickup'],
  [orderPaymentStateLabels.paid, 'payment.state.paid'],
  [orderPaymentStateLabels['over-paid'], 'payment.state.overPaid'],
  [orderPaymentStateLabels['awaiting-payment'], 'payment.state.awaitingPayment'],
  [orderPaymentStateLabels['part-paid'], 'payment.state.partPaid'],
  [orderPaymentStateLabels['not-completed'], 'payment.state.notCompleted'],
  [orderPaymentStateLabels['not-completed-refund-due'], 'payment.state.notCompletedRefundDue'],
  [orderPaymentStateLabels.refunded, 'payment.state.refunded'],
  [mobileBankingSteps[0] ?? '', 'payment.mobileBanking.bsp'],
  [mobileBankingSteps[1] ?? '', 'payment.mobileBanking.kinaBank'],
  [mobileBankingSteps[2] ?? '', 'payment.mobileBanking.wallets'],
  [mobileBankingSteps[3] ?? '', 'payment.mobileBanking.branch'],
  [
    'No way to pay is available for this order. Please choose pickup at a pickup point and pay at the counter, or contact us.',
    'payment.noMethod.choosePickup',
  ],
  ['No way to pay is available for this order at the moment. Please contact us.', 'payment.noMethod.contactUs'],
  [confirmationEmailMessages.failed, 'confirmation.emailFailed'],
];

const trackingTexts: Pairs = [
  [trackingMessages.invalidInput, 'track.msg.invalidInput'],
  [trackingMessages.notFound, 'track.msg.notFound'],
  [trackingMessages.notFoundTitle, 'track.msg.notFoundTitle'],
  [trackingMessages.bothFailed, 'track.msg.bothFailed'],
  [trackingMessages.unexpected, 'track.msg.unexpected'],
  [trackingMessages.noItems, 'track.msg.noItems'],
  [trackingMessages.statusUnknown, 'track.msg.statusUnknown'],
  [trackingMessages.toBeConfirmed, 'track.msg.toBeConfirmed'],
  [trackingMessages.payAtPickupNote, 'track.msg.payAtPickupNote'],
  [trackingMessages.awaitingTransferNote, 'track.msg.awaitingTransferNote'],
  [trackingMessages.awaitingPaymentNote, 'track.msg.awaitingPaymentNote'],
  [trackingMessages.paymentNotCompletedNote, 'track.msg.paymentNotCompletedNote'],
];

/** Every shared text with its key (the first key wins where two shared texts are the same words). */
export const sharedTextPairs: Pairs = [...checkoutTexts, ...contactTexts, ...paymentTexts, ...trackingTexts];

const keys = new Map<string, MessageId>();
for (const [text, id] of sharedTextPairs) if (!keys.has(text)) keys.set(text, id);

/** Shared texts with a part of their own (a zone's name, a number of days, an amount). */
const patterns: readonly [RegExp, (match: RegExpMatchArray, t: Translate) => string][] = [
  // shopperOrderStatus's "Part-paid: K100.00 of K179.00 received"
  [/^Part-paid: (\S+) of (\S+) received$/, (m, t) => t('track.status.partPaid', { received: m[1]!, total: m[2]! })],
  // shippingNote's "Free delivery: Highlands" and "Highlands, about 5 days"
  [/^Free delivery: (.+)$/, (m, t) => t('checkout.delivery.freeZoneNamed', { zone: m[1]! })],
  [/^(.+), about (\d+) days?$/, (m, t) => t('checkout.delivery.zoneDays', { zone: m[1]!, days: m[2]! })],
];

/** A text from packages/shared in the page's language; any other text (a server's message) as it is. */
export function sharedText(t: Translate, text: string): string;
export function sharedText(t: Translate, text: string | null | undefined): string | undefined;
export function sharedText(t: Translate, text: string | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined;
  const id = keys.get(text);
  if (id) return t(id);
  for (const [pattern, translate] of patterns) {
    const match = text.match(pattern);
    if (match) return translate(match, t);
  }
  return text;
}
