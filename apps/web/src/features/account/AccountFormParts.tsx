import { Link } from 'react-router';
import { type TextFieldProps, TextField } from '../../components/ui/form-field';
import { useT } from '../../i18n/react';
import { linkClass } from './AuthCard';

/** The e-mail field of every account form. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  const t = useT();
  return <TextField label={t('account.email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** Under the password-reset screens: ask for a new code, or go back to sign in. */
export function ResetLinks() {
  const t = useT();
  return (
    <p className="flex flex-wrap justify-center gap-x-4 gap-y-2">
      <Link to="/forgot-password" className={linkClass}>
        {t('account.requestNewCode')}
      </Link>
      <Link to="/login" className={linkClass}>
        {t('account.backToSignIn')}
      </Link>
    </p>
  );
}

/** "New to Bilum? Create an account" and the like, under a form. */
export function AltLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p>
      {question}{' '}
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </p>
  );
}
