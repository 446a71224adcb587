import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisPath } from '../../schemas/api/analysis';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';

// Read when the app is built, so set before the server of this file starts.
const previous = process.env.ANALYSIS_IDP;
process.env.ANALYSIS_IDP = 'off';

describe('analysis sign-in turned off', () => {
  const suite = setUpTestServer();
  afterAll(() => {
    if (previous === undefined) delete process.env.ANALYSIS_IDP;
    else process.env.ANALYSIS_IDP = previous;
  });

  it('given ANALYSIS_IDP=off, when the provider, the status and the code exchange are called, then none exists, while the consent check still answers', async () => {
    await seedDemoRecords(suite.server.database.db);
    const claire = await signIn(suite.server, EMAIL.cdubois);
    const authorize = await call(claire, 'GET', `${AnalysisPath.idp}/auth?client_id=x`);
    expect(authorize.statusCode).toBe(404);
    expect((await call(claire, 'GET', AnalysisPath.status)).statusCode).toBe(404);
    const token = await call(claire, 'POST', AnalysisPath.token, {
      code: 'abc',
      codeVerifier: 'v'.repeat(43),
    });
    expect(token.statusCode).toBe(404);
    const check = await call(claire, 'GET', AnalysisPath.check('loans', 1));
    expect(check.json()).toEqual({ result: false });
  });
});
