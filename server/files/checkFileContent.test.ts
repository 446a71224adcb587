import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FileRefusal, MediaType } from '../../schemas/api/files';
import { loadConfig } from '../config';
import type { AppError } from '../errors';
import { checkFileContent } from './checkFileContent';

const config = loadConfig({}).files;

const refusalOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as AppError | undefined;
  return { status: error?.statusCode, detail: error?.details?.[0]?.code };
};

describe('checkFileContent', () => {
  it('given an image with more pixels than the limit, when checked, then 413 before it is decoded', async () => {
    const wide = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(
      await refusalOf(checkFileContent('picture', wide, { ...config, maxImagePixels: 100_000 })),
    ).toEqual({ status: 413, detail: FileRefusal.tooManyPixels });
    const accepted = await checkFileContent('picture', wide, config);
    expect(accepted.mediaType).toBe(MediaType.png);
  });

  it('given a PNG with text chunks and bytes after its end, when checked, then the stored image keeps only its pixels', async () => {
    const tagged = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const smuggled = Buffer.concat([tagged, Buffer.from('<script>alert(1)</script>')]);
    const checked = await checkFileContent('signature', smuggled, config);
    expect(checked.content.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(checked.content).metadata()).width).toBe(8);
  });

  it('given a PDF or a docx where only pictures are allowed, when checked, then 415', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(await refusalOf(checkFileContent('picture', pdf, config))).toEqual({
      status: 415,
      detail: FileRefusal.typeNotAllowed,
    });
    expect((await checkFileContent('document', pdf, config)).mediaType).toBe(MediaType.pdf);
  });
});
