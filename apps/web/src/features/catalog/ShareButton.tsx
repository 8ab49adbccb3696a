import { productMessages } from '@bilum/shared';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ShareIcon } from '../../components/ui/action-icons';
import { shareLink } from './share-link';

/** Share the page: the share sheet where the browser has one, otherwise copy the link. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const share = async () => {
    const outcome = await shareLink({ title, text, url: window.location.href });
    if (outcome === 'copied') toast.success(productMessages.linkCopied);
    if (outcome === 'failed') toast.error(productMessages.shareFailed);
  };
  return (
    <Button variant="outline" onClick={share}>
      <ShareIcon />
      Share
    </Button>
  );
}
