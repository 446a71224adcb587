import { beforeAll, describe, expect, it } from 'vitest';
import {
  REASSIGN_CAPABILITIES_PATH,
  type ReassignCapabilitiesAnswer,
} from '../../server/routes/tasks/reassignCapabilities';
import { call, deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

describe('spec 000 section 6: reassign capability of team rows', () => {
  const suite = setUpTestServer();
  let maria: IdentityClient;
  let amara: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    ({ maria, amara } = await signInDemoStaff(suite.server));
  });

  it('given a subordinate’s task and a group mate’s, when the rows’ capability is asked, then the supervisor may move it and the mate may not', async () => {
    const task = await makeTask(suite.server, {
      name: 'Row capability',
      assignee: 'lmartin',
      candidateGroups: ['loan-officers'],
    });
    const asSupervisor = await call(maria, 'POST', REASSIGN_CAPABILITIES_PATH, {
      taskIds: [task.id, 'no-such-task'],
    });
    expect(asSupervisor.statusCode, asSupervisor.body).toBe(200);
    expect(asSupervisor.json<ReassignCapabilitiesAnswer>().result).toEqual([
      { taskId: task.id, canBeReassigned: true, reassignableTo: 'REASSIGNABLE_USERS' },
      { taskId: 'no-such-task', canBeReassigned: false, reassignableTo: 'ALL_USERS' },
    ]);
    const asMate = await call(amara, 'POST', REASSIGN_CAPABILITIES_PATH, { taskIds: [task.id] });
    expect(asMate.json<ReassignCapabilitiesAnswer>().result).toEqual([
      { taskId: task.id, canBeReassigned: false, reassignableTo: 'REASSIGNABLE_USERS' },
    ]);
  });

  it('given no task ids or 201 of them, when the capability is asked, then 400 before anything is read', async () => {
    expect(
      (await call(maria, 'POST', REASSIGN_CAPABILITIES_PATH, { taskIds: [] })).statusCode,
    ).toBe(400);
    const many = Array.from({ length: 201 }, (_, index) => `t-${index}`);
    expect(
      (await call(maria, 'POST', REASSIGN_CAPABILITIES_PATH, { taskIds: many })).statusCode,
    ).toBe(400);
  });
});
