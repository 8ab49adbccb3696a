import { describe, expect, it } from 'vitest';
import { tokPisinMessages, translateMessage } from './message-translations';

describe('translateMessage', () => {
  it('gives the Tok Pisin of a message by its exact English', () => {
    expect(translateMessage('Invalid email or password. Please try again.', 'tpi')).toBe(
      'Imel o paswod i no stret. Plis traim gen.',
    );
    expect(translateMessage('Please enter a valid e-mail address.', 'tpi')).toBe('Plis raitim imel adres i stret.');
  });

  it('leaves English as it is', () => {
    expect(translateMessage('Invalid email or password. Please try again.', 'en')).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it('matches a template as the whole message and carries its values over', () => {
    expect(translateMessage('Sorry, Solar lamp 20W is sold out.', 'tpi')).toBe('Sori, Solar lamp 20W i pinis.');
    expect(translateMessage('Only 3 of this item are available.', 'tpi')).toBe(
      'Em 3 tasol bilong dispela samting i stap.',
    );
    expect(translateMessage('There is no discount code "WANTOK10". Check the spelling.', 'tpi')).toBe(
      'I no gat diskaun kod "WANTOK10". Lukim spelling gen.',
    );
    expect(translateMessage('Page size must be from 1 to 60.', 'tpi')).toBe(
      'Hamas samting long wanpela pes i mas 1 i go long 60.',
    );
  });

  it('prefers the more particular of two templates that both match', () => {
    expect(
      translateMessage(
        'The code SOLAR5 needs a spend of at least K100.00 on the products it applies to; that comes to K40.00 in your order.',
        'tpi',
      ),
    ).toBe(
      'Kod SOLAR5 i wok taim yu baim K100.00 o moa long ol samting bilong kod; long oda bilong yu ol i kamap K40.00.',
    );
    expect(
      translateMessage('The code SOLAR5 needs a spend of at least K100.00; that comes to K40.00 in your order.', 'tpi'),
    ).toBe('Kod SOLAR5 i wok taim yu baim K100.00 o moa; oda bilong yu i kamap K40.00.');
  });

  it('leaves a message it does not know in English, also one that only starts like a template', () => {
    expect(translateMessage('A message no one wrote yet.', 'tpi')).toBe('A message no one wrote yet.');
    expect(translateMessage('Sorry, Solar lamp is sold out. And more.', 'tpi')).toBe(
      'Sorry, Solar lamp is sold out. And more.',
    );
    expect(translateMessage('', 'tpi')).toBe('');
  });

  it('has a Tok Pisin for each entry that uses only the values its English has, and reaches each template', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [english, tpi] of Object.entries(tokPisinMessages)) {
      expect(tpi.trim(), english).not.toBe('');
      expect(
        names(tpi).every((name) => names(english).includes(name)),
        english,
      ).toBe(true);
      const filled = english.replace(/\{(\w+)\}/g, '«$1»');
      expect(translateMessage(filled, 'tpi'), english).toBe(tpi.replace(/\{(\w+)\}/g, '«$1»'));
    }
  });
});
