import { describe, expect, it } from 'vitest';
import { formIdOfPreviewAddress, newTabTarget } from './newTabTarget';

describe('spec 001 section 2: open in new tab', () => {
  it('given a designer-built or combined form, when opened in a new tab, then the form-designer route opens with its form id', () => {
    expect(newTabTarget({ formKey: 'DSG-onboarding', taskId: 't1' })).toBe(
      '/forms/preview?formId=DSG-onboarding',
    );
    expect(newTabTarget({ formKey: 'CUT-review', taskId: 't1' })).toBe(
      '/forms/preview?formId=CUT-review',
    );
  });

  it('given a plain form or none, when opened in a new tab, then the task-form route opens', () => {
    expect(newTabTarget({ formKey: 'loanReview', taskId: 't 1' })).toBe('/process/task/t%201');
    expect(newTabTarget({ formKey: null, taskId: 't1' })).toBe('/process/task/t1');
  });

  it('given report mode, when opened in a new tab, then the form page opens with the form id appended', () => {
    expect(newTabTarget({ formKey: 'loanReview', taskId: 't1', reportMode: true })).toBe(
      '/forms/preview/loanReview',
    );
  });

  it('given either form-page address, when read, then the form id comes back', () => {
    expect(formIdOfPreviewAddress('/forms/preview/loanReview', '')).toBe('loanReview');
    expect(formIdOfPreviewAddress('/forms/preview', '?formId=DSG-onboarding')).toBe(
      'DSG-onboarding',
    );
    expect(formIdOfPreviewAddress('/forms/preview', '')).toBeNull();
  });
});
