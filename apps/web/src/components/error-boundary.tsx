import { Component, type ReactNode } from 'react';

type TProps = { fallback: ReactNode; children: ReactNode };

/** Catches render errors below it; give it a `key` that changes on navigation to recover. */
export class ErrorBoundary extends Component<TProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
