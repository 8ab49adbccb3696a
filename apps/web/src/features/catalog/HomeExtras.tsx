import { MemberBenefits } from './MemberBenefits';
import { PremiumPromo } from './PremiumPromo';

/** The home page's sections below the products, loaded after the first paint to keep the page light. */
export default function HomeExtras() {
  return (
    <>
      <MemberBenefits />
      <PremiumPromo />
    </>
  );
}
