import { Component, type ReactNode } from 'react';
import { ErrorState } from '../components/ui/states';
import { useStartupT } from '../i18n/react';

/** What a page that failed shows instead (a function component: the boundary is a class, with no hooks). */
function PageFailed() {
  const t = useStartupT();
  return (
    <div className="px-4 py-16">
      <ErrorState message={t('error.pageFailed')} onRetry={() => window.location.reload()} />
    </div>
  );
}

/** Keeps a failing page from blanking the whole shop; offers a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return <PageFailed />;
    }
    return this.props.children;
  }
}
