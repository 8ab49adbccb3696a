import { Link } from 'react-router';
import { ContentPage, type ContentSection } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';

const sections: ContentSection[] = [
  {
    heading: 'Where is my order?',
    body: (
      <p>
        Use <Link to="/track-order">Track Order</Link> with the e-mail address and order number from your confirmation.
        Signed-in shoppers also find every order in their order history.
      </p>
    ),
  },
  {
    heading: 'Returns and faults',
    body: (
      <p>
        E-mail or call us with your order number and a short description. Our{' '}
        <Link to="/terms-and-conditions">terms and conditions</Link> explain what we repair, replace or refund.
      </p>
    ),
  },
  {
    heading: 'Opening hours',
    body: (
      <ul>
        <li>Monday to Friday, 8:00 am to 5:00 pm</li>
        <li>Saturday, 9:00 am to 1:00 pm</li>
        <li>Closed on Sundays and public holidays. Premium members get priority support.</li>
      </ul>
    ),
  },
];

/** /contact: the shop's contact details from the settings. */
export default function ContactPage() {
  return (
    <ContentPage
      title="Contact Us"
      lead="Questions about a product, an order or your membership? We are happy to help."
      sections={sections}
    >
      <div className="mb-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="mb-3 text-lg font-bold text-stone-900">Bilum, Port Moresby</h2>
        <ShopContact className="text-stone-700" />
      </div>
    </ContentPage>
  );
}
