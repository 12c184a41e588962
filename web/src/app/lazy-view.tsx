import { type ComponentType, lazy } from 'react';

/**
 * A view whose code is a chunk of its own (React.lazy), fetched when it is first shown or ahead by
 * `preload()`: once it has come, the view renders at once instead of suspending, so main.tsx can
 * render (or hydrate) a first page whole in the first commit, with no spinner in between.
 */
export function lazyView(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((view) => {
      loaded = view;
      return view;
    });
  const Lazy = lazy(async () => ({ default: loaded ?? (await preload()) }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view, at module level.
  const View = () => {
    const Component = loaded ?? Lazy;
    return <Component />;
  };
  return Object.assign(View, { preload });
}
