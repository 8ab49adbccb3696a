import { useEffect } from 'react';
import { registerServiceWorkerAfterLoad } from '../lib/service-worker';
import { useOnline } from '../lib/use-online';
import { useStartupT } from '../i18n/react';

/**
 * "You are offline" under the header while the browser has no connection (decision 045): pages opened before
 * still show from the service worker's cache, the guest cart still works, and paying waits for the network. The
 * live region is always there, empty while online, so screen readers announce the bar when it appears. It also
 * registers the service worker, once the app has taken over the page (the bar and the worker are one feature, and
 * this keeps both out of the start-up code, decision 031).
 */
export function OfflineBar() {
  const online = useOnline();
  const t = useStartupT();
  useEffect(() => registerServiceWorkerAfterLoad(), []);
  return (
    <div role="status" className="sticky top-16 z-20">
      {!online && (
        <p className="flex items-start justify-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 sm:items-center">
          <svg
            viewBox="0 0 24 24"
            aria-hidden
            className="mt-0.5 size-4 shrink-0 sm:mt-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 8.5a16 16 0 0 1 5-3M22 8.5a16 16 0 0 0-11-4.4M5 12.5a11 11 0 0 1 3.5-2.2M19 12.5a11 11 0 0 0-4.2-2.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
          </svg>
          <span>
            <strong className="font-semibold">{t('ui.offline.title')}</strong> {t('ui.offline.text')}
          </span>
        </p>
      )}
    </div>
  );
}
