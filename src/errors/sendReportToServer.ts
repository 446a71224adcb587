import type { ClientErrorReport } from '../../schemas/api/clientErrors';
import { ClientErrorPath } from '../../schemas/api/clientErrorsConstants';
import { tenantFromHost } from '../api/tenantFromHost';
import { ReportNotSentError } from './ErrorReporter';

/**
 * Posts a report to the server with `fetch`, not the app's HTTP client: none of the app's
 * reactions to a failed call (sign-in again, maintenance, a toast) may follow a report, and a
 * report sent while the page unloads still goes (`keepalive`).
 */
export async function sendReportToServer(report: ClientErrorReport): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ClientErrorPath.report, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        'x-tenant-name': tenantFromHost(window.location.hostname),
      },
      body: JSON.stringify(report),
    });
  } catch {
    throw new ReportNotSentError(0);
  }
  if (!response.ok) throw new ReportNotSentError(response.status);
}
