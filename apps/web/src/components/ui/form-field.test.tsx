import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, createShopI18n } from '../../i18n/i18n';
import { LocaleProvider } from '../../i18n/react';
import { FieldsetFrame, TextField } from './form-field';

afterEach(cleanup);

describe('a form field’s error in the page’s language (issue 31)', () => {
  it('shows a form check’s message in English without a provider, as the schemas write it', () => {
    render(<TextField label="Email" error="Please enter a valid e-mail address." />);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid e-mail address.');
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('shows it in Tok Pisin on a Tok Pisin page, a template’s value carried over, an unknown text as it is', async () => {
    const i18n = createShopI18n();
    await activateLocale(i18n, 'tpi');
    render(
      <LocaleProvider i18n={i18n}>
        <TextField label="Imel" error="Please enter a valid e-mail address." />
        <TextField label="Nem" error="Please use at most 100 characters." />
        <FieldsetFrame legend="Kod" error={'There is no discount code "WANTOK10". Check the spelling.'}>
          <input />
        </FieldsetFrame>
        <TextField label="Narapela" error="Plis raitim namba fon bilong yu." />
      </LocaleProvider>,
    );
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Plis raitim imel adres i stret.',
      'Plis yusim 100 leta o liklik moa.',
      'I no gat diskaun kod "WANTOK10". Lukim spelling gen.',
      'Plis raitim namba fon bilong yu.',
    ]);
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
  });
});
