import { usePremiumPriceText } from '../../lib/premium-offer';
import { Link } from 'react-router';
import { useShopSettings } from '../../lib/shop-settings';
import { ContentPage, type ContentSection, linkPlaceholder, withLink } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

function termsSections(t: Translate, deliveryDays: number | undefined, premiumPrice: string): ContentSection[] {
  const delivery =
    deliveryDays === undefined
      ? t('content.terms.deliveryFewDays')
      : t('content.terms.deliveryAboutDays', { days: deliveryDays });
  return [
    { heading: t('content.terms.whoHeading'), body: <p>{t('content.terms.who')}</p> },
    {
      heading: t('content.terms.pricesHeading'),
      body: (
        <>
          <p>{t('content.terms.prices')}</p>
          <p>{t('content.terms.discounts')}</p>
        </>
      ),
    },
    {
      heading: t('content.terms.ordersHeading'),
      body: (
        <>
          <p>{t('content.terms.orders')}</p>
          <p>{t('content.terms.lastUnit')}</p>
        </>
      ),
    },
    {
      heading: t('content.terms.deliveryHeading'),
      body: (
        <ul>
          <li>{t('content.terms.deliveryAcross', { delivery })}</li>
          <li>{t('content.terms.pickup')}</li>
          <li>{t('content.terms.shippingFee')}</li>
          <li>
            {withLink(
              t('content.terms.follow', linkPlaceholder),
              <Link to="/track-order">{t('content.trackOrderLink')}</Link>,
            )}
          </li>
          <li>{t('content.terms.vehicles')}</li>
        </ul>
      ),
    },
    {
      heading: t('content.terms.returnsHeading'),
      body: (
        <ul>
          <li>{t('content.terms.changedMind')}</li>
          <li>{t('content.terms.faulty')}</li>
          <li>{t('content.terms.refunds')}</li>
          <li>{t('content.terms.rights')}</li>
        </ul>
      ),
    },
    {
      heading: t('content.terms.premiumHeading'),
      body: (
        <>
          <p>{t('content.terms.premium', { premiumPrice })}</p>
          <p>{t('content.terms.renew')}</p>
        </>
      ),
    },
    { heading: t('content.terms.accountHeading'), body: <p>{t('content.terms.account')}</p> },
    { heading: t('content.terms.liabilityHeading'), body: <p>{t('content.terms.liability')}</p> },
  ];
}

/** /terms, /terms-and-conditions and /terms-of-service. */
export default function TermsPage() {
  const t = useT();
  const settings = useShopSettings();
  const premiumPrice = usePremiumPriceText();
  return (
    <ContentPage
      title={t('content.terms.title')}
      updated={t('content.updatedDate')}
      lead={t('content.terms.lead')}
      sections={[
        ...termsSections(t, settings.data?.deliveryDays, premiumPrice),
        { heading: t('content.terms.contactHeading'), body: <ShopContact /> },
      ]}
    />
  );
}
