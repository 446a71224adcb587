import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { FormPath } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasksConstants';
import type { Task } from '../../server/engine';
import {
  deployFixtureProcess,
  openTaskOf,
  storedTask,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';
import { uploadTo } from './uploadForm';
import { minimalPdf, whitePng } from '../helpers/testFiles';

/** The customer file (part 2 of the loan review) with every required field filled in. */
const CUSTOMER_FILE = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1985-12-10',
  nationality: 'FR',
  idDocumentType: 'passport',
  idDocumentNumber: 'AB1234567',
  email: 'ada@example.com',
  termsAccepted: true,
} as const;

describe('completing a combined task', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  /**
   * A loan review (CUT-loan-review) claimed by the officer, its application filled in by a
   * colleague (four eyes: whoever filled it may not review it).
   */
  const newReview = async (): Promise<Task> => {
    const instance = await server.app.engine.startProcess('internal', {
      key: 'loanApplication',
      startedBy: 'jmorales',
      variables: { applicantName: 'Ada Lovelace' },
    });
    const application = await openTaskOf(server, instance.id);
    await server.app.engine.completeTask('internal', application.id, {
      userId: 'jmorales',
      variables: VALID_APPLICATION,
    });
    const review = await openTaskOf(server, instance.id);
    await server.app.engine.claimTask('internal', review.id, 'lmartin');
    return review;
  };

  const completeWithDecision = (review: Task) =>
    call(lucas, 'POST', TaskPath.complete(review.id), {
      outcome: 'Complete review',
      formId: 'loan-review-decision',
      values: { decision: 'approved', approvedAmount: 20000 },
    });

  beforeAll(async () => {
    server = await startTestServer();
    await deployFixtureProcess(server, 'loan-application.bpmn', 'internal');
    lucas = await signIn(server, EMAIL.lmartin);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('given part 2 with its required fields empty, when part 3 completes the task, then 422 names part 2’s fields and the task stays open', async () => {
    // Given a review whose customer file (part 2) holds one value of its required ones.
    const review = await newReview();
    const saved = await call(lucas, 'PUT', FormPath.draft(review.id), {
      formId: 'DSG-customer-onboarding',
      values: { fullName: 'Ada Lovelace' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // When the decision (part 3) completes the task.
    const refused = await completeWithDecision(review);

    // Then the completion is refused, each empty required field of part 2 named with its part.
    expect(refused.statusCode, refused.body).toBe(422);
    const details = refused.json<ErrorBody>().details ?? [];
    const partTwo = details
      .filter((detail) => detail.params?.formId === 'DSG-customer-onboarding')
      .filter((detail) => detail.code === 'validation.required')
      .map((detail) => detail.path);
    // (its date of birth and email are the application's, already process variables)
    expect(partTwo).toEqual([
      'nationality',
      'idDocumentType',
      'idDocumentNumber',
      'idPhoto',
      'customerSignature',
      'proofOfAddress',
      'termsAccepted',
    ]);
    // Part 1 (the application completed before) and part 3 are fine.
    expect(details.every((detail) => detail.params?.formId === 'DSG-customer-onboarding')).toBe(
      true,
    );
    const open = await server.app.engine.listInstanceTasks('internal', review.instanceId, {
      completed: false,
    });
    expect(open.map((task) => task.id)).toEqual([review.id]);
    expect((await storedTask(server, review.id)).variables).not.toHaveProperty('decision');
  });

  it('given every part complete, when part 3 completes the task, then it is accepted with every part’s values', async () => {
    const review = await newReview();
    // The photo and the signature are taken on the review task: a form names only its own
    // task's files.
    const photo = await uploadTo(lucas, review.id, 'picture', {
      name: 'idPhoto.png',
      type: 'image/png',
      content: await whitePng(320, 240),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const signature = await uploadTo(lucas, review.id, 'signature', {
      name: 'customerSignature.png',
      type: 'image/png',
      content: await whitePng(),
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const proof = await uploadTo(lucas, review.id, 'spreadsheet', {
      name: 'utility-bill.pdf',
      type: 'application/pdf',
      content: minimalPdf(),
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const proofFile = proof.json<StoredFileAnswer>().result;
    const saved = await call(lucas, 'PUT', FormPath.draft(review.id), {
      formId: 'DSG-customer-onboarding',
      values: {
        ...CUSTOMER_FILE,
        idPhoto: photo.json<StoredFileAnswer>().result.id,
        customerSignature: signature.json<StoredFileAnswer>().result.id,
        proofOfAddress: { id: proofFile.id, fileName: 'utility-bill.pdf' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await completeWithDecision(review);
    expect(done.statusCode, done.body).toBe(200);
    const instance = await server.app.engine.getInstance('internal', review.instanceId);
    expect(instance.variables).toMatchObject({
      idDocumentNumber: 'AB1234567',
      decision: 'approved',
      firstName: 'Ada',
    });
  });
});
