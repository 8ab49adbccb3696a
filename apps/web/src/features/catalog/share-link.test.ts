import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-link';

const data = { title: 'itel A70', text: 'itel A70 for K299.00 at Bilum', url: 'https://shop.example.pg/index-item/6' };

function stubNavigator(parts: { share?: unknown; writeText?: (text: string) => Promise<void> }) {
  vi.stubGlobal('navigator', { share: parts.share, clipboard: { writeText: parts.writeText ?? vi.fn() } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareLink', () => {
  it('opens the browser’s share sheet with the product’s title, text and address where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ share });
    expect(await shareLink(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('treats closing the share sheet as cancelled, not as a failure', async () => {
    stubNavigator({ share: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')) });
    expect(await shareLink(data)).toBe('cancelled');
  });

  it('reports a share sheet that fails as a failure', async () => {
    stubNavigator({ share: vi.fn().mockRejectedValue(new DOMException('nope', 'NotAllowedError')) });
    expect(await shareLink(data)).toBe('failed');
  });

  it('copies the address when the browser has no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ writeText });
    expect(await shareLink(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('reports a failure when the address cannot be copied either', async () => {
    stubNavigator({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    expect(await shareLink(data)).toBe('failed');
  });
});
