// The shopper pages' dates, written out rather than with `Intl.DateTimeFormat('en-PG')`, whose output they match
// (dates.test.ts compares them): a page's first Intl object loads the browser's locale and time-zone data, one long
// task of 60 ms and more on a slow phone, in the middle of the app's take-over of the page the server rendered
// (issue 29: the profile's membership card spent 65 ms in its first date, 4x that on a slow phone). As formatKina
// (packages/shared/src/money.ts, decision 031) does for amounts.

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** en-AU's short months beside a weekday, as the bank transfer's deadline has always read ("3 June", "3 Sept"). */
const deadlineMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** Port Moresby keeps UTC+10 all year (Papua New Guinea has no daylight saving). */
const portMoresbyOffsetMs = 10 * 60 * 60 * 1000;

/** A moment's calendar fields, in the browser's own zone or in Port Moresby's. */
interface Fields {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function localFields(date: Date): Fields {
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    weekday: date.getDay(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
  };
}

function portMoresbyFields(date: Date): Fields {
  const shifted = new Date(date.getTime() + portMoresbyOffsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/** "5 March 2026". */
const longDay = ({ day, month, year }: Fields) => `${day} ${months[month]} ${year}`;

/** "2:30 pm", "12:05 am". */
function shortTime({ hours, minutes }: Fields): string {
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The spec's order dates: en-PG long date and short time, e.g. "5 March 2025 at 2:30 pm". */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const fields = localFields(date);
  return `${longDay(fields)} at ${shortTime(fields)}`;
}

/** A day as the shop's e-mails write it, in Port Moresby time ("10 December 2027"): a membership's end date. */
export function formatShopDay(iso: string): string {
  const date = parse(iso);
  return date ? longDay(portMoresbyFields(date)) : '';
}

/** A long en-PG date without the time, e.g. "5 March 2026" (membership end dates). */
export function formatLongDate(iso: string): string {
  const date = parse(iso);
  return date ? longDay(localFields(date)) : '';
}

/**
 * A deadline the shop keeps (pay or collect by), in Port Moresby time whatever the browser's zone, as the bank
 * transfer's instructions and e-mails give it (issue 27).
 */
export function formatShopDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const fields = portMoresbyFields(date);
  return `${longDay(fields)} at ${shortTime(fields)} (Port Moresby time)`;
}

/** A short deadline in Port Moresby time, e.g. "Wed, 5 Mar, 2:30 pm" (the bank transfer's hold). */
export function formatShopDeadline(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const fields = portMoresbyFields(date);
  return `${weekdays[fields.weekday]}, ${fields.day} ${deadlineMonths[fields.month]}, ${shortTime(fields)}`;
}
