import { Link } from 'react-router';
import { ContentPage, type ContentSection, linkPlaceholder, withLink } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

function contactSections(t: Translate): ContentSection[] {
  return [
    {
      heading: t('content.contact.whereHeading'),
      body: (
        <p>
          {withLink(
            t('content.contact.where', linkPlaceholder),
            <Link to="/track-order">{t('content.trackOrderLink')}</Link>,
          )}
        </p>
      ),
    },
    {
      heading: t('content.contact.returnsHeading'),
      body: (
        <p>
          {withLink(
            t('content.contact.returns', linkPlaceholder),
            <Link to="/terms-and-conditions">{t('content.contact.termsLink')}</Link>,
          )}
        </p>
      ),
    },
    {
      heading: t('content.contact.hoursHeading'),
      body: (
        <ul>
          <li>{t('content.contact.weekdays')}</li>
          <li>{t('content.contact.saturday')}</li>
          <li>{t('content.contact.closed')}</li>
        </ul>
      ),
    },
  ];
}

/** /contact: the shop's contact details from the settings. */
export default function ContactPage() {
  const t = useT();
  return (
    <ContentPage title={t('content.contact.title')} lead={t('content.contact.lead')} sections={contactSections(t)}>
      <div className="mb-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="mb-3 text-lg font-bold text-stone-900">{t('content.contact.shopHeading')}</h2>
        <ShopContact className="text-stone-700" />
      </div>
    </ContentPage>
  );
}
