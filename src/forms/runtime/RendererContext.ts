import { createContext, useContext } from 'react';
import type { FieldRegistry } from '../registry/FieldRegistry';
import type { ChunkWindow } from './chunkWindow';
import type { GridPlan } from './planGrid';

/** What the renderer's templates share besides rjsf's `formContext`. */
export interface RendererContextValue {
  /** The plugins, to ask how a type shows its label. */
  readonly registry: FieldRegistry;
  /** The grid classes and chunks of the form. */
  readonly plan: GridPlan;
  /** Which of the plan's chunks are mounted. */
  readonly window: ChunkWindow;
}

/** Carries the renderer's registry and layout to its rjsf templates. */
export const RendererContext = createContext<RendererContextValue | null>(null);

/** The renderer's registry and layout; only inside a `FormRenderer`. */
export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('rjsf templates of Tessera render only inside FormRenderer');
  return value;
}
