import { describe, expect, it } from 'vitest';
import { compileForm } from './compileForm';
import { isAllowedLinkTemplate } from './linkUrl';

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
