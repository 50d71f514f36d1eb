import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

export interface OnDemand<P extends object> {
  /** Renders the component; suspends (for the nearest `Suspense`) while its code loads. */
  Component: FunctionComponent<P>;
  /** Loads the code now; once it is in, the component renders without suspending. */
  load: () => Promise<void>;
}

/**
 * A component whose code is loaded on demand, like `React.lazy`, but which renders at once,
 * without showing a fallback, once its code has been loaded (by an earlier render or `load()`).
 */
export function onDemand<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  const load = async () => {
    loaded = await importComponent();
  };
  const Lazy = lazy(async () => {
    await load();
    return { default: loaded! };
  });
  function Component(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return { Component, load };
}
