import { useEffect, useRef, type ImgHTMLAttributes } from 'react';

/** Props of {@link BlobImage}. */
export interface BlobImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The picture to show: a camera frame or a chosen file, not yet stored. */
  readonly blob: Blob;
  /** Its text alternative. */
  readonly alt: string;
}

/**
 * An image of a picture held in memory, through an object URL that lives exactly as long as
 * the image shows that picture (no data URL, which the CSP may refuse).
 */
export function BlobImage({ blob, alt, ...rest }: BlobImageProps) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={image} alt={alt} {...rest} />;
}
