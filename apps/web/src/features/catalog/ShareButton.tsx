import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ShareIcon } from '../../components/ui/action-icons';
import { useT } from '../../i18n/react';
import { shareLink } from './share-link';

/** Share the page: the share sheet where the browser has one, otherwise copy the link. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const t = useT();
  const share = async () => {
    const outcome = await shareLink({ title, text, url: window.location.href });
    if (outcome === 'copied') toast.success(t('product.linkCopied'));
    if (outcome === 'failed') toast.error(t('product.shareFailed'));
  };
  return (
    <Button variant="outline" onClick={share}>
      <ShareIcon />
      {t('product.share')}
    </Button>
  );
}
