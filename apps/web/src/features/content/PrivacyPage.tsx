import { ContentPage, type ContentSection } from './ContentPage';
import { ShopContact } from '../../components/ui/shop-contact';

const sections: ContentSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul>
        <li>Your name, e-mail address and phone number when you register, check out or contact us.</li>
        <li>Delivery or pickup details and order notes for each order.</li>
        <li>Your orders, your cart and your membership, so you can see them in your profile.</li>
        <li>
          The last four digits of the card you paid with. Your full card number goes to our payment provider only.
        </li>
        <li>Your e-mail address if you sign up for our newsletter.</li>
      </ul>
    ),
  },
  {
    heading: 'Why we use it',
    body: (
      <p>
        To take and deliver your orders, to answer your questions, to run your account and membership, to prevent fraud,
        and, only if you asked for it, to send you our newsletter. We do not sell or rent your information to anyone.
      </p>
    ),
  },
  {
    heading: 'Cookies and your browser',
    body: (
      <p>
        We use one cookie, which keeps you signed in; it is needed for the shop to work. A guest cart is kept in your
        own browser until you check out or sign in. We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    heading: 'Who we share it with',
    body: (
      <ul>
        <li>Our payment provider, to take card payments.</li>
        <li>Delivery partners, who get your name, phone and delivery address for your parcel.</li>
        <li>Authorities, when the law of Papua New Guinea requires it.</li>
      </ul>
    ),
  },
  {
    heading: 'How we keep it safe',
    body: (
      <p>
        Passwords are stored only as secure one-way hashes, the site is served over an encrypted connection, and only
        staff who need your information to serve you can see it. We keep order records for as long as tax and accounting
        rules require, and other information only while your account is open.
      </p>
    ),
  },
  {
    heading: 'Your choices',
    body: (
      <ul>
        <li>See and correct your details on your profile page at any time.</li>
        <li>Unsubscribe from the newsletter with the link in any newsletter e-mail, or by asking us.</li>
        <li>Ask us for a copy of the information we hold about you, or to close your account and delete it.</li>
      </ul>
    ),
  },
  { heading: 'Questions', body: <ShopContact /> },
];

/** /privacy and /privacy-policy. */
export default function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      updated="22 November 2026"
      lead="What we know about you, why, and what you can ask us to do with it. We follow the laws of Papua New Guinea and recognised good practice for handling personal information."
      sections={sections}
    />
  );
}
