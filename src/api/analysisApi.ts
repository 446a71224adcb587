import type {
  AnalysisCheckAnswer,
  AnalysisConsentAnswer,
  AnalysisStatusAnswer,
  AnalysisTokenAnswer,
  AnalysisTokenBody,
} from '../../schemas/api/analysis';
import { ANALYSIS_ACCOUNT_HEADER, AnalysisPath } from '../../schemas/api/analysisConstants';
import { http } from './httpClient';

/** Whether the server has the user's analysis consent for the object (spec 001 section 7). */
export async function fetchAnalysisCheck(key: string, version: number): Promise<boolean> {
  const response = await http.get<AnalysisCheckAnswer>(AnalysisPath.check(key, version));
  return response.data.result;
}

/** Records the consent; answers `reportAnalysisCheck`. */
export async function recordAnalysisConsent(key: string, version: number): Promise<boolean> {
  const response = await http.post<AnalysisConsentAnswer>(AnalysisPath.check(key, version));
  return response.data.reportAnalysisCheck;
}

/** The sign-in status: the account named by the header (null when absent) and where to sign in. */
export interface AnalysisSignInStatus extends AnalysisStatusAnswer {
  account: string | null;
}

/**
 * `GET /oauth/status` without redirect: an ok answer with the account header is signed in,
 * one without it is not (spec 001 section 7).
 */
export async function fetchAnalysisStatus(): Promise<AnalysisSignInStatus> {
  const response = await http.get<AnalysisStatusAnswer>(AnalysisPath.status, {
    maxRedirects: 0,
  });
  const header: unknown = response.headers[ANALYSIS_ACCOUNT_HEADER];
  return {
    ...response.data,
    account: typeof header === 'string' && header !== '' ? header : null,
  };
}

/** Hands the popup's code and the kept verifier to the server, which exchanges them. */
export async function exchangeAnalysisCode(body: AnalysisTokenBody): Promise<string> {
  const response = await http.post<AnalysisTokenAnswer>(AnalysisPath.token, body);
  return response.data.email;
}
