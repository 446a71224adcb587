import { describe, expect, it } from 'vitest';
import { isAllowedLinkTemplate, withLinkScheme } from './linkUrl';
import { compileForm } from '../../../../plugins/compiler';

describe('isAllowedLinkTemplate', () => {
  it('given http, https, mailto or app-relative links, when checked, then they are allowed', () => {
    for (const url of [
      'https://crm.example.com/customers/${customerId}',
      'http://intranet/loans',
      'mailto:credit@example.com?subject=${loanId}',
      '/records/customers/${customerId}',
      '${link}',
    ]) {
      expect({ url, allowed: isAllowedLinkTemplate(url) }).toEqual({ url, allowed: true });
    }
  });

  it('given script-running or made-up schemes, when checked, then they are refused', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '${scheme}:alert(1)',
      'java${x}script:alert(1)',
    ]) {
      expect({ url, allowed: isAllowedLinkTemplate(url) }).toEqual({ url, allowed: false });
    }
  });
});

describe('compileForm with unsafe links', () => {
  it('given a plain hyperlink with a javascript: URL, when compiled, then the URL is dropped with field.unsafeUrl', () => {
    const result = compileForm({
      key: 'links',
      name: 'Links',
      fields: [
        { id: 'bad', name: 'Bad', type: 'hyperlink', hyperlinkUrl: 'javascript:alert(1)' },
        {
          id: 'worse',
          name: 'Worse',
          type: 'hyperlink',
          params: { hyperlinkUrl: 'data:text/html,<script>alert(1)</script>' },
        },
        { id: 'good', name: 'Good', type: 'hyperlink', hyperlinkUrl: 'https://example.com' },
      ],
    });
    const fields = result.form?.sections[0]?.fields ?? [];
    expect(fields.map((field) => field.config.url)).toEqual([
      undefined,
      undefined,
      'https://example.com',
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'field.unsafeUrl',
        path: '/fields/0/hyperlinkUrl',
        params: { url: 'javascript:alert(1)' },
      },
      {
        code: 'field.unsafeUrl',
        path: '/fields/1/params/hyperlinkUrl',
        params: { url: 'data:text/html,<script>alert(1)</script>' },
      },
    ]);
  });

  it('given a designer hyperlink with a data: URL, when compiled, then the URL is dropped with field.unsafeUrl', () => {
    const result = compileForm({
      id: 'DSG-links',
      name: 'Links',
      fields: [{ id: 'bad', type: 'hyperlink', label: 'Bad', config: { url: 'data:,hello' } }],
    });
    expect(result.form?.sections[0]?.fields[0]?.config).toEqual({});
    expect(result.warnings).toEqual([
      { code: 'field.unsafeUrl', path: '/fields/0/config/url', params: { url: 'data:,hello' } },
    ]);
  });
});

describe('withLinkScheme', () => {
  it.each([
    ['www.example.com', 'https://www.example.com'],
    ['  www.example.com/loans?id=${loanId} ', 'https://www.example.com/loans?id=${loanId}'],
    ['intranet:8080/loans', 'https://intranet:8080/loans'],
    ['www.example.com:8443', 'https://www.example.com:8443'],
  ])('given the scheme-less link %j, when completed, then it opens %j', (written, opened) => {
    expect(withLinkScheme(written)).toBe(opened);
  });

  it.each([
    'http://intranet/loans',
    'HTTPS://example.com',
    'mailto:credit@example.com',
    '/records/customers/${customerId}',
    './help',
    '#terms',
    '${link}',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('given %j, when completed, then it is kept as written', (written) => {
    expect(withLinkScheme(written)).toBe(written);
  });
});

describe('compileForm with scheme-less APS links', () => {
  it('given an APS hyperlink to www.example.com, when compiled, then it opens https://www.example.com, not a page of the app', () => {
    const result = compileForm({
      key: 'links',
      fields: [
        { id: 'site', name: 'Site', type: 'hyperlink', hyperlinkUrl: 'www.example.com' },
        { id: 'inParams', type: 'hyperlink', params: { hyperlinkUrl: 'example.org/rates' } },
      ],
    });
    const fields = result.form?.sections[0]?.fields ?? [];
    expect(fields.map((field) => field.config.url)).toEqual([
      'https://www.example.com',
      'https://example.org/rates',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('given scheme-less-looking script links, when compiled, then they are still refused', () => {
    const result = compileForm({
      key: 'links',
      fields: [
        { id: 'a', type: 'hyperlink', hyperlinkUrl: ' javascript:alert(1)' },
        { id: 'b', type: 'hyperlink', hyperlinkUrl: 'DATA:text/html,x' },
      ],
    });
    const fields = result.form?.sections[0]?.fields ?? [];
    expect(fields.map((field) => field.config.url)).toEqual([undefined, undefined]);
    expect(result.warnings.map((warning) => [warning.code, warning.params.url])).toEqual([
      ['field.unsafeUrl', ' javascript:alert(1)'],
      ['field.unsafeUrl', 'DATA:text/html,x'],
    ]);
  });
});
