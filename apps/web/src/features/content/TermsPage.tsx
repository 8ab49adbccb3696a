import { usePremiumPriceText } from '../../lib/premium-offer';
import { Link } from 'react-router';
import { useShopSettings } from '../../lib/shop-settings';
import { ContentPage, type ContentSection } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';

function termsSections(deliveryDays: number | undefined, premiumPrice: string): ContentSection[] {
  const delivery = deliveryDays === undefined ? 'a few working days' : `about ${deliveryDays} working days`;
  return [
    {
      heading: 'Who we are',
      body: (
        <p>
          Bilum is an online shop based in Port Moresby selling phones, computers, cameras, vehicles and accessories to
          customers across Papua New Guinea. These terms apply to every order placed on this website, whether you shop
          as a guest or with an account. By placing an order you agree to them.
        </p>
      ),
    },
    {
      heading: 'Prices and GST',
      body: (
        <>
          <p>
            All prices are in Papua New Guinea kina (PGK) and include 10% Goods and Services Tax (GST). The price you
            pay is the one shown at checkout; we check every price on our server when you pay, so a price shown by
            mistake in an old page is not charged.
          </p>
          <p>
            Discounts shown as “-n% OFF” compare the current price with the price we sold the item for before. Premium
            members see their member price, 10% below the shelf price, on every product except the membership itself.
          </p>
        </>
      ),
    },
    {
      heading: 'Orders and payment',
      body: (
        <>
          <p>
            Your order is confirmed when your card payment succeeds. You then see an order number and a tracking code,
            and we send a confirmation e-mail. Card payments are handled by our payment provider; we never see or store
            your full card number, only its last four digits for your order history.
          </p>
          <p>
            Most items are single units. If the last unit of an item sells while you are checking out, we tell you
            before taking any payment.
          </p>
        </>
      ),
    },
    {
      heading: 'Delivery and pickup',
      body: (
        <ul>
          <li>
            We deliver across Papua New Guinea. Deliveries in Port Moresby usually arrive in {delivery} after dispatch;
            other provinces and the islands can take longer, depending on flights and shipping.
          </li>
          <li>You can choose to collect your order from our Port Moresby pickup point instead.</li>
          <li>The shipping fee is shown at checkout. It is currently K0.00 for every order.</li>
          <li>
            You can follow your order on the <Link to="/track-order">Track Order</Link> page with your e-mail address
            and order number.
          </li>
          <li>Vehicles and outboard motors are handed over in Port Moresby unless we agree other arrangements.</li>
        </ul>
      ),
    },
    {
      heading: 'Returns and refunds',
      body: (
        <ul>
          <li>
            Changed your mind? Return an unused item in its original packaging within 7 days of delivery for a refund of
            the price paid. Vehicles, opened memory cards and software are excepted.
          </li>
          <li>
            Faulty or not as described? Tell us within 30 days and we will repair, replace or refund it. Pre-owned and
            refurbished items are sold in the condition shown on their page.
          </li>
          <li>Refunds go back to the card you paid with, usually within 10 working days of receiving the item.</li>
          <li>Nothing in these terms limits your rights under the consumer laws of Papua New Guinea.</li>
        </ul>
      ),
    },
    {
      heading: 'Premium membership',
      body: (
        <>
          <p>
            Premium costs {premiumPrice} a year and is active as soon as your payment clears. It gives 10% off all
            products, member-only deals (Exclusive Member auctions and hot deals), early access to promotions, priority
            support and free shipping, for one year from activation.
          </p>
          <p>
            You can renew in the last 30 days of your membership; the new year is added to the end of the current one.
            Exclusive Member offers can only be bought by active members.
          </p>
        </>
      ),
    },
    {
      heading: 'Your account',
      body: (
        <p>
          Keep your password to yourself and tell us at once if you think someone else has used your account. We may
          suspend an account used for fraud or to abuse offers.
        </p>
      ),
    },
    {
      heading: 'Liability and law',
      body: (
        <p>
          We are responsible for loss that is a foreseeable result of our breaking these terms, up to the price of the
          order concerned, except where the law does not allow a limit. These terms are governed by the laws of Papua
          New Guinea, and the courts of Papua New Guinea decide any dispute.
        </p>
      ),
    },
  ];
}

/** /terms, /terms-and-conditions and /terms-of-service. */
export default function TermsPage() {
  const settings = useShopSettings();
  const premiumPrice = usePremiumPriceText();
  return (
    <ContentPage
      title="Terms and Conditions"
      updated="22 November 2026"
      lead="The rules for buying from Bilum: prices, payment, delivery across Papua New Guinea, returns and Premium membership."
      sections={[
        ...termsSections(settings.data?.deliveryDays, premiumPrice),
        { heading: 'Contact us', body: <ShopContact /> },
      ]}
    />
  );
}
