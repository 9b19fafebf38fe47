import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type TLazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A screen in its own chunk: the module and the component it exports. `preload` starts the download
 * early (the role area calls it together with the shell's, so they arrive in parallel).
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M): TLazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => ({ default: module[name] as ComponentType }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
