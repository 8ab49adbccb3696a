import {
  canBuyPremium,
  isReserved,
  isSoldOut,
  type MembershipState,
  nameWithVariant,
  type Product,
  type ProductVariantChoice,
  variantLabel,
} from '@bilum/shared';
import { usePremiumPriceText } from '../../lib/premium-offer';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { formatDateTime } from '../../lib/dates';
import { startSingleItemCheckout } from '../../lib/checkout-handoff';
import { toLocalCartItem } from '../../lib/local-cart-item';
import { useSession } from '../../lib/session';
import { useAddToCart } from './add-to-cart';
import type { ShopperPrice } from './member-pricing';
import { type InviteAction, MembershipInvite } from './MembershipInvite';
import { AddedToCartDialog, BuyNowDialog } from './PurchaseDialogs';

/** Spec: buy and add are blocked for a product whose price is not a positive number. */
function blockedForInvalidProduct(product: Product, t: Translate): boolean {
  if (Number.isFinite(product.price) && product.price > 0) return false;
  toast.error(t('product.actionBlockedTitle'), { description: t('product.actionBlocked') });
  return true;
}

/**
 * Who may buy what (decisions.md): Exclusive Member offers need an active member, the membership an account, and
 * an active member buys Premium again only in the last 30 days (a renewal).
 */
function purchaseInvite(
  product: Product,
  isSignedIn: boolean,
  membership: MembershipState,
  here: string,
  premiumPrice: string,
  t: Translate,
) {
  const signIn: InviteAction = {
    to: `/login?returnUrl=${encodeURIComponent(here)}`,
    label: t('product.invite.signIn'),
  };
  if (product.isMembership && !canBuyPremium(membership)) {
    return {
      title: t('product.invite.alreadyMember'),
      text: t('product.invite.renewTooEarly'),
      actions: [{ to: '/profile', label: t('product.invite.viewMembership') }],
    };
  }
  if (product.isExclusive && !membership.isMember) {
    const join = t('product.invite.joinPremium');
    return {
      title: t('product.invite.exclusiveTitle'),
      text: t('product.invite.exclusiveText', { price: premiumPrice }),
      actions: isSignedIn ? [{ to: '/membership-payment', label: join }] : [{ to: '/register', label: join }, signIn],
    };
  }
  if (product.isMembership && !isSignedIn) {
    return {
      title: t('product.invite.accountTitle'),
      text: t('product.invite.accountText'),
      actions: [signIn, { to: '/register', label: t('product.invite.createAccount') }],
    };
  }
  return null;
}

interface PurchasePanelProps {
  /** The product as the chosen variant sells it (`productAsVariant`). */
  product: Product;
  pricing: ShopperPrice;
  /** The variant chosen (issue 30), and the product's first (a guest line saved before variants holds it). */
  variant?: ProductVariantChoice | undefined;
  firstVariantId?: number | undefined;
}

/** Buy It Now and Add to Cart, with their dialogs, for the detail pages; of the chosen variant. */
export function PurchasePanel({ product, pricing, variant, firstVariantId }: PurchasePanelProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { isSignedIn, membership } = useSession();
  const { inCart, add, pending } = useAddToCart({
    productId: product.id,
    ...(variant ? { variantId: variant.id } : {}),
    ...(firstVariantId !== undefined ? { firstVariantId } : {}),
  });
  const [dialog, setDialog] = useState<'buy' | 'added' | null>(null);
  const item = toLocalCartItem(product, pricing.finalPrice, variant);

  const premiumPrice = usePremiumPriceText();
  const invite = purchaseInvite(product, isSignedIn, membership, location.pathname, premiumPrice, t);
  if (invite) return <MembershipInvite {...invite} />;

  const soldOut = product.status !== 'active' || isSoldOut(product);
  const buyNow = () => {
    if (blockedForInvalidProduct(product, t)) return;
    if (!isSignedIn) return setDialog('buy');
    startSingleItemCheckout(item, true);
    navigate('/contact-details');
  };
  const addToCart = async () => {
    if (inCart) return navigate(isSignedIn ? '/cart' : '/guest-cart');
    if (blockedForInvalidProduct(product, t)) return;
    if ((await add(item)) === 'added') setDialog('added');
  };
  const closeDialog = (open: boolean) => !open && setDialog(null);

  return (
    <div className="space-y-2">
      {soldOut &&
        (isReserved(product) ? (
          <div>
            <p className="text-lg font-extrabold tracking-wide text-red-700">{t('product.reserved')}</p>
            {product.reservedUntil && (
              <p className="text-sm text-stone-700">
                {t('product.reservedUntil', { time: formatDateTime(product.reservedUntil) })}
              </p>
            )}
          </div>
        ) : (
          <p className="text-lg font-extrabold tracking-wide text-red-700">{t('product.soldOut')}</p>
        ))}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" onClick={buyNow} disabled={inCart || soldOut}>
          {inCart ? t('product.alreadyInCart') : t('product.buyNow')}
        </Button>
        <Button size="lg" variant="dark" onClick={() => void addToCart()} disabled={pending || (soldOut && !inCart)}>
          {inCart ? t('product.viewCart') : pending ? t('product.adding') : t('product.addToCart')}
        </Button>
      </div>
      {dialog === 'buy' && <BuyNowDialog open onOpenChange={closeDialog} item={item} />}
      {dialog === 'added' && (
        <AddedToCartDialog
          open
          onOpenChange={closeDialog}
          productName={nameWithVariant(product.name, variant ? variantLabel(variant.values) : '')}
          signedIn={isSignedIn}
        />
      )}
    </div>
  );
}
