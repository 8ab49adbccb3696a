import { formatKina } from '@bilum/shared';

/*
 * The shop's text messages (issue 31, decision 044), English and Tok Pisin side by side. Tok Pisin is written as
 * people in PNG text it, not word for word from the English. Each message should fit one SMS: 160 characters of
 * the GSM-7 alphabet (no curly quotes, dashes or emoji: one such character makes the whole text UCS-2, 70 a part).
 * A template gives its wordings from the fullest to the shortest; the first that fits is sent (a long bank name or
 * pickup place drops the last sentence first, then is shortened).
 */

export const textLocales = ['en', 'tpi'] as const;
export type TextLocale = (typeof textLocales)[number];

/** The `lang` cookie's value (the i18n's 'en' | 'tpi'), or English for anything else. */
export function textLocaleOf(value: unknown): TextLocale {
  return value === 'tpi' ? 'tpi' : 'en';
}

/** What each text is about, with the values it names (money in toea, times as instants). */
export type OrderText =
  | {
      kind: 'bank-transfer';
      orderId: number;
      amount: number;
      reference: string;
      bank: string;
      account: string;
      deadline: Date | null;
    }
  | {
      kind: 'payment-reminder';
      orderId: number;
      amount: number;
      reference: string;
      bank: string;
      account: string;
      deadline: Date | null;
    }
  | {
      kind: 'payment-received';
      orderId: number;
      amount: number;
      /** What the shopper hears about next: delivery, pickup, or nothing (the Premium membership alone). */
      next: 'delivery' | 'pickup' | null;
    }
  | { kind: 'ready-for-pickup'; orderId: number; place: string }
  | { kind: 'dispatched'; orderId: number; expected: Date | null };

export type OrderTextKind = OrderText['kind'];

/** How staff see each text in the order's history (always English: the admin is). */
export const orderTextLabels: Record<OrderTextKind, string> = {
  'bank-transfer': 'How to pay by bank transfer',
  'payment-reminder': 'Payment reminder',
  'payment-received': 'Payment received',
  'ready-for-pickup': 'Ready for pickup',
  dispatched: 'Dispatched',
};

export const smsLength = 160;

/** The GSM 03.38 basic alphabet (one septet each); the extension table's characters count two. */
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtended = '^{}\\[~]|€\f';

/** The septets a text takes in GSM-7, or null when a character is outside it (the text would go as UCS-2). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (gsmBasic.includes(char)) length += 1;
    else if (gsmExtended.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** Fits one SMS: GSM-7 and at most 160 septets. */
export const fitsOneSms = (text: string): boolean => {
  const length = gsm7Length(text);
  return length !== null && length <= smsLength;
};

/** What a shopper typed into a place or bank name, made GSM-7 (curly quotes, dashes, odd spaces). */
function plain(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .split('')
    .map((char) => (gsm7Length(char) === null ? '?' : char))
    .join('');
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`);

/** A day and time in Port Moresby (UTC+10 all year): "Wed 25 Nov, 3:30 pm" / "Trinde 25 Novemba, 3:30 pm". */
const days: Record<TextLocale, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  tpi: ['Sande', 'Mande', 'Tunde', 'Trinde', 'Fonde', 'Fraide', 'Sarere'],
};
const months: Record<TextLocale, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  tpi: ['Jan', 'Feb', 'Mas', 'Epril', 'Me', 'Jun', 'Julai', 'Ogas', 'Sep', 'Okt', 'Nov', 'Des'],
};

function pngParts(at: Date) {
  const png = new Date(at.getTime() + 10 * 60 * 60_000);
  return {
    weekday: png.getUTCDay(),
    day: png.getUTCDate(),
    month: png.getUTCMonth(),
    h: png.getUTCHours(),
    m: png.getUTCMinutes(),
  };
}

export function textDateTime(at: Date, locale: TextLocale): string {
  const { weekday, day, month, h, m } = pngParts(at);
  const time = `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return `${days[locale][weekday]} ${day} ${months[locale][month]}, ${time}`;
}

export function textDate(at: Date, locale: TextLocale): string {
  const { weekday, day, month } = pngParts(at);
  return `${days[locale][weekday]} ${day} ${months[locale][month]}`;
}

type Wordings = (text: OrderText, locale: TextLocale) => string[];

/** The templates: each returns its wordings, fullest first. */
const templates: Record<TextLocale, Record<OrderTextKind, (text: never) => string[]>> = {
  en: {
    'bank-transfer': (t: Extract<OrderText, { kind: 'bank-transfer' }>) => {
      const by = t.deadline ? `, by ${textDateTime(t.deadline, 'en')}` : '';
      const pay = (bank: string) =>
        `Bilum order #${t.orderId}: please pay ${formatKina(t.amount)} to ${bank} acct ${plain(t.account)}, ref ${t.reference}${by}.`;
      return [
        `${pay(plain(t.bank))} Unpaid orders are cancelled then.`,
        pay(plain(t.bank)),
        pay(cut(plain(t.bank), 12)),
      ];
    },
    'payment-reminder': (t: Extract<OrderText, { kind: 'payment-reminder' }>) => {
      const until = t.deadline ? ` until ${textDateTime(t.deadline, 'en')}` : '';
      const pay = (bank: string) =>
        `Bilum reminder: we hold order #${t.orderId}${until}. Please pay ${formatKina(t.amount)} to ${bank} acct ${plain(t.account)}, ref ${t.reference}.`;
      return [pay(plain(t.bank)), pay(cut(plain(t.bank), 12))];
    },
    'payment-received': (t: Extract<OrderText, { kind: 'payment-received' }>) => {
      const received = `Bilum: we received your payment of ${formatKina(t.amount)} for order #${t.orderId}. Thank you!`;
      const next =
        t.next === 'delivery'
          ? ' We will text you when it is on its way.'
          : t.next === 'pickup'
            ? ' We will text you when it is ready for pickup.'
            : '';
      return [`${received}${next}`, received];
    },
    'ready-for-pickup': (t: Extract<OrderText, { kind: 'ready-for-pickup' }>) => {
      const ready = (place: string) =>
        `Bilum: your order #${t.orderId} is ready for pickup at ${place}. Please bring your order number.`;
      return [ready(plain(t.place)), ready(cut(plain(t.place), 60))];
    },
    dispatched: (t: Extract<OrderText, { kind: 'dispatched' }>) => [
      t.expected
        ? `Bilum: good news, your order #${t.orderId} is on its way! Expected delivery: ${textDate(t.expected, 'en')}. Thank you for shopping with us.`
        : `Bilum: good news, your order #${t.orderId} is on its way! Thank you for shopping with us.`,
    ],
  },
  tpi: {
    'bank-transfer': (t: Extract<OrderText, { kind: 'bank-transfer' }>) => {
      const by = t.deadline ? `, bipo ${textDateTime(t.deadline, 'tpi')}` : '';
      const pay = (bank: string) =>
        `Bilum oda #${t.orderId}: plis baim ${formatKina(t.amount)} long ${bank} akaun ${plain(t.account)}, ref ${t.reference}${by}.`;
      return [
        `${pay(plain(t.bank))} Sapos yu no baim, oda bai pinis.`,
        pay(plain(t.bank)),
        pay(cut(plain(t.bank), 12)),
      ];
    },
    'payment-reminder': (t: Extract<OrderText, { kind: 'payment-reminder' }>) => {
      const until = t.deadline ? ` inap ${textDateTime(t.deadline, 'tpi')}` : '';
      const pay = (bank: string) =>
        `Bilum: mipela holim oda #${t.orderId} bilong yu${until}. Plis baim ${formatKina(t.amount)} long ${bank} akaun ${plain(t.account)}, ref ${t.reference}.`;
      return [pay(plain(t.bank)), pay(cut(plain(t.bank), 12))];
    },
    'payment-received': (t: Extract<OrderText, { kind: 'payment-received' }>) => {
      const received = `Bilum: mipela kisim pinis ${formatKina(t.amount)} yu baim long oda #${t.orderId}. Tenkyu tru!`;
      const next =
        t.next === 'delivery'
          ? ' Bai mipela salim toksave taim oda i go long rot.'
          : t.next === 'pickup'
            ? ' Bai mipela salim toksave taim oda i redi long kisim.'
            : '';
      return [`${received}${next}`, received];
    },
    'ready-for-pickup': (t: Extract<OrderText, { kind: 'ready-for-pickup' }>) => {
      const ready = (place: string) =>
        `Bilum: Oda #${t.orderId} bilong yu i redi nau long ${place}. Plis kam kisim. Tenkyu!`;
      return [ready(plain(t.place)), ready(cut(plain(t.place), 50))];
    },
    dispatched: (t: Extract<OrderText, { kind: 'dispatched' }>) => [
      t.expected
        ? `Bilum: Gutpela nius! Oda #${t.orderId} bilong yu i stap long rot nau. Bai i kamap long ${textDate(t.expected, 'tpi')}. Tenkyu long baim long stua bilong mipela.`
        : `Bilum: Gutpela nius! Oda #${t.orderId} bilong yu i stap long rot nau. Tenkyu long baim long stua bilong mipela.`,
    ],
  },
};

const wordings: Wordings = (text, locale) => (templates[locale][text.kind] as (text: OrderText) => string[])(text);

/** The text to send: the fullest wording that fits one SMS, else the shortest (sent as a longer message). */
export function renderOrderText(text: OrderText, locale: TextLocale): string {
  const all = wordings(text, locale);
  return all.find(fitsOneSms) ?? (all[all.length - 1] as string);
}

/** Every wording of a text (the unit test checks each). */
export const orderTextWordings = wordings;
