import { Classes } from '@blueprintjs/core';
import type { ShownFile } from '../registry/useStoredFile';

/** Props of {@link StoredFileImage}. */
export interface StoredFileImageProps {
  /** The stored image as read for showing; null while it is read. */
  readonly shown: ShownFile | null;
  /** The image's text alternative, with the field's label. */
  readonly alt: string;
  /** The class of the frame around the image. */
  readonly frameClassName: string;
  /** The class of the image, and of the placeholder of its size while it is read. */
  readonly imageClassName: string;
  /** The image's test id. */
  readonly testId: string;
  /** How many times the field replaced the file (same id), shown for tests to wait on. */
  readonly revision?: number;
}

/** A field's stored image in its frame, or a skeleton of its size until it has been read. */
export function StoredFileImage({
  shown,
  alt,
  frameClassName,
  imageClassName,
  testId,
  revision,
}: StoredFileImageProps) {
  return (
    <div className={frameClassName}>
      {shown ? (
        <img
          className={imageClassName}
          src={shown.url}
          alt={alt}
          data-testid={testId}
          data-revision={revision}
        />
      ) : (
        <div className={`${Classes.SKELETON} ${imageClassName}`} />
      )}
    </div>
  );
}
