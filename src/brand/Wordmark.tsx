import { TesseraMark } from './TesseraMark';
import './brand.css';

/** Props of {@link Wordmark}. */
export interface WordmarkProps {
  /** `dark` text for light backgrounds, `light` text for the brand panel. */
  tone?: 'dark' | 'light';
  /** Size of the mark in pixels; the name scales with it. */
  size?: number;
  /** Hides the name and keeps only the mark (the collapsed drawer). */
  markOnly?: boolean;
}

/** The product's signature: the mosaic mark and the name "Tessera". */
export function Wordmark({ tone = 'dark', size = 28, markOnly = false }: WordmarkProps) {
  return (
    <span className={`tessera-wordmark tessera-wordmark--${tone}`}>
      <TesseraMark
        size={size}
        title={markOnly ? 'Tessera' : undefined}
        background={tone === 'light' ? 'dark' : 'light'}
      />
      {!markOnly && (
        <span className="tessera-wordmark__name" style={{ fontSize: Math.round(size * 0.72) }}>
          Tessera
        </span>
      )}
    </span>
  );
}
