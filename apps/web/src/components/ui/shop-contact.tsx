import { telHref, useShopSettings } from '../../lib/shop-settings';
import { cn } from '../../lib/cn';
import { useStartupT } from '../../i18n/react';

const looks = {
  /** Light text on the dark footer. */
  footer: { list: 'space-y-2 text-sm', label: 'sr-only', link: 'hover:text-brand-300' },
  /** A labelled list on a content page. */
  page: {
    list: 'grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]',
    label: 'font-semibold text-stone-900',
    link: 'text-brand-700 underline',
  },
} as const;

/** The shop's e-mail, phone and Port Moresby address from the settings the admin edits. */
export function ShopContact({ look = 'page', className }: { look?: keyof typeof looks; className?: string }) {
  const settings = useShopSettings();
  const style = looks[look];
  const t = useStartupT();
  if (!settings.data) {
    return <p className={cn('text-sm', className)}>{settings.isError ? t('contact.unavailable') : '…'}</p>;
  }
  const { contactEmail, phone, address } = settings.data;
  return (
    <address className={cn('not-italic', className)}>
      <dl className={style.list}>
        <dt className={style.label}>{t('contact.email')}</dt>
        <dd>
          <a href={`mailto:${contactEmail}`} className={style.link}>
            {contactEmail}
          </a>
        </dd>
        <dt className={style.label}>{t('contact.phone')}</dt>
        <dd>
          <a href={telHref(phone)} className={style.link}>
            {phone}
          </a>
        </dd>
        <dt className={style.label}>{t('contact.address')}</dt>
        <dd>{address}</dd>
      </dl>
    </address>
  );
}
