import { toast } from 'sonner';
import { useSignInPrompt } from '../../components/RequireSignIn';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/react';
import { useSavedProducts, useToggleSaved } from '../../lib/saved-products';
import { useSession } from '../../lib/session';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      aria-hidden
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
    >
      <path strokeLinejoin="round" d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
}

/** The member detail page's save-to-favourites button: saves to, or removes from, the shopper's My List. */
export function SaveButton({ productId }: { productId: number }) {
  const { isSignedIn } = useSession();
  const t = useT();
  const saved = useSavedProducts(isSignedIn);
  const toggle = useToggleSaved();
  const askToSignIn = useSignInPrompt();
  const isSaved = saved.data?.items.some((item) => item.productId === productId) ?? false;

  const onClick = () => {
    if (!isSignedIn) return askToSignIn(t('product.saveSignIn'));
    toggle.mutate(
      { productId, save: !isSaved },
      {
        onSuccess: () => toast.success(isSaved ? t('list.saved.removed') : t('list.saved.saved')),
        onError: () => toast.error(t('list.saved.saveFailed')),
      },
    );
  };

  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={toggle.isPending || (isSignedIn && saved.isPending)}
      aria-pressed={isSignedIn ? isSaved : undefined}
    >
      <HeartIcon filled={isSaved} />
      {isSaved ? t('product.saved') : t('product.save')}
    </Button>
  );
}
