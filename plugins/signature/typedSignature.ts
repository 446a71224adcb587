/** The family a typed signature is set in: Dancing Script, shipped with the plugin. */
export const SIGNATURE_FONT_FAMILY = 'Tessera Signature';

/**
 * The faces tried in order: the shipped one, then script faces a system may have, then the
 * browser's cursive. The shipped face loads from the app's own files, so no network is needed.
 */
const FONT_STACK = `"${SIGNATURE_FONT_FAMILY}", "Segoe Script", "Brush Script MT", "Snell Roundhand", cursive`;

/** The longest name a typed signature takes, in characters. */
export const TYPED_NAME_MAX_LENGTH = 80;

/** Where the shipped face's files are served: its Latin and its other Latin characters. */
export interface SignatureFontFiles {
  /** Basic Latin and Latin-1 (French and Spanish accents included). */
  readonly latin: string;
  /** Latin Extended (Portuguese, Polish, Czech, Turkish names...). */
  readonly latinExt: string;
}

/** The characters each file covers, as the face's own stylesheet declares them. */
const UNICODE_RANGES: Readonly<Record<keyof SignatureFontFiles, string>> = {
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  latinExt:
    'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
};

let fontLoad: Promise<void> | undefined;

/**
 * Loads the script face once for the page. A canvas draws only with a face already loaded,
 * so the typed mode waits for this before it draws; a face that fails to load leaves the
 * fallbacks of the stack, and the signature is still drawn.
 */
export function loadSignatureFont(files: SignatureFontFiles): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) {
    return Promise.resolve();
  }
  fontLoad ??= Promise.all(
    (Object.keys(UNICODE_RANGES) as (keyof SignatureFontFiles)[]).map(async (part) => {
      const face = new FontFace(SIGNATURE_FONT_FAMILY, `url(${files[part]}) format('woff2')`, {
        unicodeRange: UNICODE_RANGES[part],
        display: 'swap',
      });
      document.fonts.add(face);
      await face.load();
    }),
  ).then(
    () => undefined,
    () => undefined,
  );
  return fontLoad;
}

/** A name as it is signed: spaces collapsed, at most TYPED_NAME_MAX_LENGTH characters. */
export function signedName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, TYPED_NAME_MAX_LENGTH);
}

/**
 * The font size, in CSS pixels, at which a name fills a box without leaving it: 42 % of the
 * box's height at most, smaller when the name is long, never under 12 px. `widthAt` measures
 * the name at a size; widths grow in proportion to the size, so one measure is enough.
 */
export function fittedFontSize(
  widthAt: (size: number) => number,
  boxWidth: number,
  boxHeight: number,
): number {
  const largest = Math.max(12, boxHeight * 0.42);
  const measured = widthAt(largest);
  if (measured <= 0) return largest;
  return Math.max(12, Math.min(largest, (largest * boxWidth * 0.86) / measured));
}

/**
 * Draws a typed name on the signature canvas as a signature: dark ink on the white ground a
 * drawn one has, centred, in the script face, at the size that fits. The canvas must already
 * be sized to its box (its context scaled to CSS pixels); a blank name leaves it white.
 */
export function drawTypedSignature(canvas: HTMLCanvasElement, name: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  context.save();
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  const text = signedName(name);
  if (text !== '') {
    const size = fittedFontSize(
      (candidate) => {
        context.font = `${candidate}px ${FONT_STACK}`;
        return context.measureText(text).width;
      },
      width,
      height,
    );
    context.font = `${size}px ${FONT_STACK}`;
    context.fillStyle = '#1c2127';
    context.textAlign = 'center';
    context.textBaseline = 'alphabetic';
    // The baseline a little under the middle: a script's loops rise above it more than
    // its tails fall below.
    context.fillText(text, width / 2, height / 2 + size * 0.3, width * 0.92);
  }
  context.restore();
}
