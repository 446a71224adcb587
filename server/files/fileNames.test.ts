import { describe, expect, it } from 'vitest';
import { MediaType } from '../../schemas/api/files';
import { downloadName } from './fileNames';

describe('downloadName', () => {
  it('given names from browsers, when kept, then folders, control characters and lone surrogates go and the extension matches the content', () => {
    expect(downloadName('C:\\Users\\ana\\Photo.JPG', MediaType.jpeg)).toBe('Photo.JPG');
    expect(downloadName('../../etc/passwd', MediaType.pdf)).toBe('passwd.pdf');
    expect(downloadName('scan.gif', MediaType.png)).toBe('scan.gif.png');
    expect(downloadName('re\u0000port\u0007.pdf', MediaType.pdf)).toBe('report.pdf');
    expect(downloadName('x\ud800y.xlsx', MediaType.xlsx)).toBe('x\ufffdy.xlsx');
    expect(downloadName('   ', MediaType.docx)).toBe('file.docx');
    expect(downloadName('Relevé de compte 😀.pdf', MediaType.pdf)).toBe('Relevé de compte 😀.pdf');
  });

  it('given a very long name, when kept, then it is cut to 200 characters without splitting a character, plus the extension', () => {
    const name = downloadName('😀'.repeat(300), MediaType.png);
    expect(name).toBe(`${'😀'.repeat(200)}.png`);
  });
});
