import { Classes } from '@blueprintjs/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldPlugin, FieldWidget, FieldWidgetProps } from './fieldPlugin';

const cache = new WeakMap<FieldPlugin, FieldWidget>();

/**
 * The widget of a heavy plugin: its code is fetched the first time a form shows the type,
 * with a skeleton of an input's size in its place meanwhile. One loader per plugin, so
 * every field of the type shares the download.
 */
export function lazyWidget(plugin: FieldPlugin): FieldWidget {
  const known = cache.get(plugin);
  if (known) return known;
  const load = plugin.loadWidget;
  if (!load) throw new Error(`Field plugin "${plugin.type}" has no widget loader`);
  const Lazy = lazy(load) as ComponentType<FieldWidgetProps>;
  function LazyFieldWidget(props: FieldWidgetProps) {
    return (
      <Suspense fallback={<div className={`tf-widget-loading ${Classes.SKELETON}`} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyFieldWidget.displayName = `Lazy(${plugin.type})`;
  cache.set(plugin, LazyFieldWidget);
  return LazyFieldWidget;
}
