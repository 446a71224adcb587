import { describe, expect, it } from 'vitest';
import { AnalysisConfigError, loadAnalysisSettings } from './analysisSettings';

describe('loadAnalysisSettings: the provider domains', () => {
  it("given nothing set, then the demo tenants' staff domains", () => {
    expect(loadAnalysisSettings({}).accountDomains).toEqual({
      internal: 'tessera.example',
      acme: 'acme.example',
    });
  });

  it('given ANALYSIS_IDP_DOMAINS, then each tenant gets its domain, in lower case', () => {
    const settings = loadAnalysisSettings({
      ANALYSIS_IDP_DOMAINS: ' internal = Bank.Example , branch=branch.bank.example',
    });
    expect(settings.accountDomains).toEqual({
      internal: 'bank.example',
      branch: 'branch.bank.example',
    });
  });

  it('given an empty ANALYSIS_IDP_DOMAINS, then no tenant has a provider domain', () => {
    expect(loadAnalysisSettings({ ANALYSIS_IDP_DOMAINS: '' }).accountDomains).toEqual({});
  });

  it.each([['bank.example'], ['internal=@bank.example'], ['internal=a=b'], ['=bank.example']])(
    'given ANALYSIS_IDP_DOMAINS=%s, then the server refuses to start',
    (raw) => {
      expect(() => loadAnalysisSettings({ ANALYSIS_IDP_DOMAINS: raw })).toThrow(
        AnalysisConfigError,
      );
    },
  );
});
