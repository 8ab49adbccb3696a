import { ContentPage, type ContentSection } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

function privacySections(t: Translate): ContentSection[] {
  return [
    {
      heading: t('content.privacy.collectHeading'),
      body: (
        <ul>
          <li>{t('content.privacy.collectContact')}</li>
          <li>{t('content.privacy.collectDelivery')}</li>
          <li>{t('content.privacy.collectOrders')}</li>
          <li>{t('content.privacy.collectCard')}</li>
          <li>{t('content.privacy.collectNewsletter')}</li>
        </ul>
      ),
    },
    { heading: t('content.privacy.useHeading'), body: <p>{t('content.privacy.use')}</p> },
    { heading: t('content.privacy.cookiesHeading'), body: <p>{t('content.privacy.cookies')}</p> },
    {
      heading: t('content.privacy.shareHeading'),
      body: (
        <ul>
          <li>{t('content.privacy.sharePayment')}</li>
          <li>{t('content.privacy.shareDelivery')}</li>
          <li>{t('content.privacy.shareAuthorities')}</li>
        </ul>
      ),
    },
    { heading: t('content.privacy.safeHeading'), body: <p>{t('content.privacy.safe')}</p> },
    {
      heading: t('content.privacy.choicesHeading'),
      body: (
        <ul>
          <li>{t('content.privacy.choiceCorrect')}</li>
          <li>{t('content.privacy.choiceUnsubscribe')}</li>
          <li>{t('content.privacy.choiceCopy')}</li>
        </ul>
      ),
    },
    { heading: t('content.privacy.questionsHeading'), body: <ShopContact /> },
  ];
}

/** /privacy and /privacy-policy. */
export default function PrivacyPage() {
  const t = useT();
  return (
    <ContentPage
      title={t('content.privacy.title')}
      updated={t('content.updatedDate')}
      lead={t('content.privacy.lead')}
      sections={privacySections(t)}
    />
  );
}
