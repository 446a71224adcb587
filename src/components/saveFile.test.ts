// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './saveFile';

describe('saveFile', () => {
  const clicked: { href: string; download: string; inDocument: boolean }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:file-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, inDocument: this.isConnected });
    });
  });
  afterEach(() => {
    clicked.length = 0;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('given a file, then a link in the document downloads it under its own name, and its URL is released afterwards', () => {
    saveFile(new File(['%PDF-'], 'statement.pdf', { type: 'application/pdf' }));
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'statement.pdf', inDocument: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
  });

  it('given a blob and a name, then it downloads under that name', () => {
    saveFile(new Blob(['x'], { type: 'image/jpeg' }), 'idPhoto.jpg');
    expect(clicked[0]?.download).toBe('idPhoto.jpg');
  });
});
