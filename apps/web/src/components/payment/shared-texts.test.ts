import { tokPisinMessages as apiTokPisin } from '@bilum/shared/message-translations';
import { describe, expect, it } from 'vitest';
import { englishMessages, tokPisinMessages } from '../../i18n/all-catalogs';
import { sharedTextPairs } from './shared-texts';

describe('the shared texts the pages show', () => {
  it('are the shared English word for word in the English catalog', () => {
    const differ = sharedTextPairs.filter(([text, id]) => englishMessages[id as keyof typeof englishMessages] !== text);
    expect(differ).toEqual([]);
  });

  // The same English reaches a shopper from the page (the catalogs) and from the API (the messages dictionary,
  // packages/shared/src/message-translations.ts): one Tok Pisin for both.
  it('say in Tok Pisin what the API says for the same English', () => {
    const differ = sharedTextPairs
      .filter(([text]) => apiTokPisin[text] !== undefined)
      .filter(([text, id]) => tokPisinMessages[id as keyof typeof tokPisinMessages] !== apiTokPisin[text])
      .map(([text, id]) => ({
        text,
        page: tokPisinMessages[id as keyof typeof tokPisinMessages],
        api: apiTokPisin[text],
      }));
    expect(differ).toEqual([]);
  });
});
