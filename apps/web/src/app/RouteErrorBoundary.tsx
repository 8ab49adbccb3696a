import { Component, type ReactNode } from 'react';
import { ErrorState } from '../components/ui/states';

/** Keeps a failing page from blanking the whole shop; offers a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <div className="px-4 py-16">
          <ErrorState message="Something went wrong showing this page." onRetry={() => window.location.reload()} />
        </div>
      );
    }
    return this.props.children;
  }
}
