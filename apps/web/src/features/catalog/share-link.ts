export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a link with the browser's share sheet where there is one (phones), otherwise copies it to the
 * clipboard. A shopper closing the share sheet is not a failure.
 */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      return (error as Error | undefined)?.name === 'AbortError' ? 'cancelled' : 'failed';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
