import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { NoQuery } from '../../../schemas/api/common';
import {
  FILE_MAX_BYTES,
  FileKind,
  FileParams,
  FileRefusal,
  FileRoute,
  FilePath,
  SignatureMethod,
  StoredFileAnswer,
} from '../../../schemas/api/files';
import { Privilege } from '../../../schemas/api/identity';
import { fileRefused } from '../../files/checkFileContent';
import { DatabaseFileContentStore } from '../../files/FileContentStore';
import { requireEditableTask } from '../../files/editableTask';
import { sweepUnclaimedFiles } from '../../files/fileRepository';
import {
  deleteFile,
  kindOfFile,
  readFile,
  replaceFile,
  uploadFile,
  type FileContext,
  type IncomingFileFacts,
} from '../../files/fileService';
import { readUploadForm, UPLOAD_FIELD_MAX_LENGTH } from '../../files/readUploadForm';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/** Largest file of any kind: the multipart parser's own ceiling under the kinds' limits. */
const LARGEST_FILE = Math.max(...Object.values(FILE_MAX_BYTES));

/**
 * A served file may be opened by a browser directly (a link, a new tab): it runs nothing,
 * loads nothing and gets an origin of its own, whatever its content turns out to be.
 */
const FILE_CSP = "default-src 'none'; sandbox";

const isFileKind = (value: string | undefined): value is FileKind =>
  (Object.values(FileKind) as string[]).includes(value ?? '');

const isSignatureMethod = (value: string): value is SignatureMethod =>
  (Object.values(SignatureMethod) as string[]).includes(value);

/**
 * What an upload form says about its file beside the bytes: a signature's `signatureMethod`
 * (drawn or typed). The field on a file of another kind, or a value that is not a method,
 * is a 400: a picture cannot pass for a typed signature.
 */
function factsOf(fields: Readonly<Record<string, string>>, kind: FileKind): IncomingFileFacts {
  const method = fields['signatureMethod'];
  if (method === undefined) return {};
  if (kind !== FileKind.signature || !isSignatureMethod(method)) {
    throw fileRefused(
      400,
      FileRefusal.badForm,
      'signatureMethod is drawn or typed, and only for a signature.',
    );
  }
  return { signatureMethod: method };
}

/**
 * The file store's calls (`FilePath`): upload, replace, read and remove the files of a
 * task's form (pictures, signatures, spreadsheets, documents). Every call needs a full
 * session with access-task; reading needs sight of the task, writing the task's assignee
 * while it is open. Uploads are `multipart/form-data`, limited while they stream; the
 * content is judged by its bytes (checkFileContent). A timer removes uploads no saved form
 * kept (sweepUnclaimedFiles), every FILE_SWEEP_MINUTES.
 */
export const fileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  const config = app.config.files;
  // The database is the store (see docs/decisions.md, "File store"); another store is one
  // implementation of FileContentStore handed in here.
  const store = new DatabaseFileContentStore(db);
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));
  // Scoped to these routes: nowhere else does the server take multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: LARGEST_FILE,
      files: 1,
      fields: 4,
      fieldSize: UPLOAD_FIELD_MAX_LENGTH,
      parts: 5,
      headerPairs: 20,
    },
  });

  const contextOf = (request: FastifyRequest): FileContext => ({
    db,
    store,
    config,
    actor: request.actor,
  });

  const sweep = setInterval(() => {
    sweepUnclaimedFiles(db, store, config.unclaimedHours).then(
      ({ removed }) => {
        if (removed > 0) app.log.info({ removed }, 'removed uploads no form kept');
      },
      (error: unknown) => app.log.error({ err: error }, 'file clean-up failed'),
    );
  }, config.sweepMinutes * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    FilePath.upload,
    {
      schema: {
        summary: 'Uploads a file for a form field',
        querystring: NoQuery,
        response: {
          200: StoredFileAnswer,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const context = contextOf(request);
      let kind: FileKind | undefined;
      let taskId = '';
      const form = await readUploadForm(request, async (fields) => {
        const named = fields['kind'];
        taskId = fields['taskId'] ?? '';
        if (!isFileKind(named) || taskId === '') {
          throw fileRefused(400, FileRefusal.badForm, 'Send taskId and kind before the file.');
        }
        kind = named;
        // Who may not write to the task is refused before the file is read.
        await requireEditableTask(db, context.actor, taskId);
        return FILE_MAX_BYTES[named];
      });
      if (kind === undefined) throw new Error('The upload form was read without its kind.');
      const facts = factsOf(form.fields, kind);
      return { result: await uploadFile(context, taskId, kind, form.file, facts) };
    },
  );

  app.patch(
    FileRoute.file,
    {
      schema: {
        summary: "Replaces an uploaded file's content",
        params: FileParams,
        querystring: NoQuery,
        response: {
          200: StoredFileAnswer,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const context = contextOf(request);
      let kind: FileKind | undefined;
      const form = await readUploadForm(request, async () => {
        kind = await kindOfFile(context, request.params.fileId);
        return FILE_MAX_BYTES[kind];
      });
      if (kind === undefined) throw new Error('The replacement was read without its kind.');
      const facts = factsOf(form.fields, kind);
      return { result: await replaceFile(context, request.params.fileId, form.file, facts) };
    },
  );

  app.get(
    FileRoute.file,
    {
      schema: {
        summary: 'Downloads an uploaded file',
        params: FileParams,
        querystring: NoQuery,
        response: {
          200: Type.Unknown({ description: 'The file itself, as an attachment.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { file, content } = await readFile(contextOf(request), request.params.fileId);
      return reply
        .type(file.media_type)
        .header('content-disposition', contentDisposition(file.file_name, { type: 'attachment' }))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(content);
    },
  );

  app.delete(
    FileRoute.file,
    {
      schema: {
        summary: 'Deletes an uploaded file not yet saved with a form',
        params: FileParams,
        querystring: NoQuery,
        response: { 200: StoredFileAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ result: await deleteFile(contextOf(request), request.params.fileId) }),
  );
};
