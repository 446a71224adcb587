import { EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from '../integration/identityClient';

/** A signed-in API client for each demo staff member the task tests speak of. */
export interface DemoStaff {
  /** Maria García, the supervisor who leads the loan officers. */
  maria: IdentityClient;
  /** Lucas Martin, a loan officer. */
  lucas: IdentityClient;
  /** Amara Okafor, a loan officer. */
  amara: IdentityClient;
  /** Javier Morales, a loan officer. */
  javier: IdentityClient;
  /** Claire Dubois, the back-office analyst. */
  claire: IdentityClient;
  /** Priya Nair, the form author. */
  priya: IdentityClient;
  /** Ana Souza, staff of the acme tenant. */
  ana: IdentityClient;
}

/** Signs every demo staff member in through the API, each with a session of their own. */
export async function signInDemoStaff(server: TestServer): Promise<DemoStaff> {
  return {
    maria: await signIn(server, EMAIL.mgarcia),
    lucas: await signIn(server, EMAIL.lmartin),
    amara: await signIn(server, EMAIL.aokafor),
    javier: await signIn(server, EMAIL.jmorales),
    claire: await signIn(server, EMAIL.cdubois),
    priya: await signIn(server, EMAIL.pnair),
    ana: await signIn(server, EMAIL.asouza, 'acme'),
  };
}
