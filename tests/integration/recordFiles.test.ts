import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { RecordsPath } from '../../schemas/api/records';
import { linkRecordToInstance } from '../../server/records/recordFiles';
import type { TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, makeTask, signIn } from '../../server/workflow/testing/taskTestKit';
import { lucasTaskNamed, startFileStoreServer } from '../helpers/fileStoreServer';
import { seedRecordsForTenants } from '../helpers/seedRecordsForTenants';
import type { IdentityClient } from './identityClient';
import { uploadTo } from './uploadForm';

/** A customer of the internal tenant and one of acme's, as the demo seeds them. */
const CUSTOMER = 'CUS-00042';
const ACME_CUSTOMER = 'ACM-00101';

async function png(colour: string) {
  const content = await sharp({
    create: { width: 24, height: 16, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { name: 'signature.png', type: 'image/png', content };
}

describe('files of a record’s form', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let claire: IdentityClient;
  let ana: IdentityClient;
  /** A picture stored for the instance that produced the customer record. */
  let ownFile: StoredFileAnswer['result'];
  /** A picture stored for another instance, which produced no record. */
  let otherFile: StoredFileAnswer['result'];

  beforeAll(async () => {
    ({ server, lucas } = await startFileStoreServer());
    const { db } = server.database;
    await seedRecordsForTenants(db);
    claire = await signIn(server, EMAIL.cdubois);
    ana = await signIn(server, EMAIL.asouza, 'acme');

    const onboarding = await lucasTaskNamed(server, 'KYC capture');
    const own = await uploadTo(lucas, onboarding.id, 'picture', await png('#1f6feb'));
    expect(own.statusCode, own.body).toBe(200);
    ownFile = own.json<StoredFileAnswer>().result;
    await linkRecordToInstance(db, 'internal', CUSTOMER, onboarding.instanceId);

    const unrelated = await makeTask(server, {
      name: 'Unrelated capture',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    const other = await uploadTo(lucas, unrelated.id, 'picture', await png('#c33'));
    expect(other.statusCode, other.body).toBe(200);
    otherFile = other.json<StoredFileAnswer>().result;
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  const fileOf = (recordId: string, fileId: string, key = 'customers') =>
    RecordsPath.recordFile(key, 1, recordId, fileId);

  it('given an analyst with access-bo, when she reads a file of the instance that produced the record, then it comes as an attachment that runs nothing', async () => {
    const response = await call(claire, 'GET', fileOf(CUSTOMER, ownFile.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('attachment; filename=signature.png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const served = await sharp(response.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 24, 16]);
    expect(response.rawPayload.length).toBe(ownFile.size);
  });

  it('given a file of an instance that did not produce the record, when read through the record, then 404', async () => {
    const response = await call(claire, 'GET', fileOf(CUSTOMER, otherFile.id));
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
  });

  it('given the right file but another record, object or version, when read, then 404', async () => {
    expect((await call(claire, 'GET', fileOf('CUS-00041', ownFile.id))).statusCode).toBe(404);
    expect((await call(claire, 'GET', fileOf(CUSTOMER, ownFile.id, 'loans'))).statusCode).toBe(404);
    const otherVersion = RecordsPath.recordFile('customers', 2, CUSTOMER, ownFile.id);
    expect((await call(claire, 'GET', otherVersion)).statusCode).toBe(404);
  });

  it('given another tenant’s analyst with access-bo, when she asks for the file through the record or her own, then 404', async () => {
    expect((await call(ana, 'GET', fileOf(CUSTOMER, ownFile.id))).statusCode).toBe(404);
    expect((await call(ana, 'GET', fileOf(ACME_CUSTOMER, ownFile.id))).statusCode).toBe(404);
  });

  it('given the officer who uploaded it but has no access-bo, when reading through the record, then 403', async () => {
    const response = await call(lucas, 'GET', fileOf(CUSTOMER, ownFile.id));
    expect(response.statusCode).toBe(403);
  });

  it('given a random file id or one that is not a uuid, when read, then 404 or 400', async () => {
    const random = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
    expect((await call(claire, 'GET', fileOf(CUSTOMER, random))).statusCode).toBe(404);
    expect((await call(claire, 'GET', fileOf(CUSTOMER, 'not-a-uuid'))).statusCode).toBe(400);
  });

  it('given the record is deleted, when its file is read, then 404: the link goes with the record', async () => {
    const { db } = server.database;
    await linkRecordToInstance(db, 'internal', 'CUS-00043', ownFile.processInstanceId);
    expect((await call(claire, 'GET', fileOf('CUS-00043', ownFile.id))).statusCode).toBe(200);
    await db
      .deleteFrom('object_records')
      .where('tenant', '=', 'internal')
      .where('id', '=', 'CUS-00043')
      .execute();
    expect((await call(claire, 'GET', fileOf('CUS-00043', ownFile.id))).statusCode).toBe(404);
  });
});
