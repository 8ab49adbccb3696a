import { Fragment, type ReactNode } from 'react';
import type { MessageId, MessageValues, Translate } from '../../i18n/i18n';

const mark = '\u0000';

/**
 * A message with parts set in markup ("Quote it when you pay <strong>K120.00</strong>, …"): the catalog's message
 * keeps the whole sentence (each language puts the part where its word order wants it) and each `{name}` in `parts`
 * is rendered as the node given, the other values as text.
 */
export function richText(
  t: Translate,
  id: MessageId,
  parts: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(parts)) marked[name] = `${mark}${name}${mark}`;
  const pieces = t(id, marked).split(mark);
  // Odd pieces are the parts' names, even ones the text between them.
  return pieces.map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece]}</Fragment> : piece));
}
