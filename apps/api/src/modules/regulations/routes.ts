import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionChangesSchema,
  createRegulationFieldsSchema,
  newActionSchema,
  regulationActionSchema,
  errorBodySchema,
  legalForceFactsAnswerSchema,
  legalForceFactsSchema,
  linkDetailsAnswerSchema,
  linkDetailsSchema,
  oldRegulationFieldsSchema,
  REGULATION_PATHS,
  regulationDetailSchema,
  relatedRegulationListSchema,
  relatedRegulationQuerySchema,
  staffRegulationListSchema,
  staffRegulationQuerySchema,
  updateRegulationFieldsSchema,
} from '@concejo/contracts';
import { MAX_PDF_BYTES, multipartSpec, readMultipartForm, type FileFieldRule } from '../../lib/multipart.js';
import type { RegulationService } from './service.js';
import type { ActionService } from './actions.js';
import type { LegalForceService } from './legal-force.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 404, 422);
/** Up to 20 MB each, written to disk as they arrive (never whole in memory) and streamed to the storage. */
const pdf = { maxBytes: MAX_PDF_BYTES, tooLargeMessage: 'El PDF supera el tamaño máximo de 20 MB.', spool: true } satisfies FileFieldRule;
const createForm = multipartSpec({ schema: createRegulationFieldsSchema, files: { pdf_process: pdf, pdf_approved: pdf } });
/** `changes` is JSON of the changed fields and `version` the one edited. */
const updateForm = multipartSpec({ schema: updateRegulationFieldsSchema, files: { pdf_process: pdf, pdf_approved: pdf } });
const oldForm = multipartSpec({ schema: oldRegulationFieldsSchema, files: { pdf } });
/** A despacho's PDF: the one file of its form. */
const stepPdfForm = multipartSpec({ files: { pdf } });
/** `:id` and `:actionId` of one step of a regulation's trámite. */
const actionParams = idParams.extend({ actionId: idParams.shape.id });
/** `:id` and `:otherId`: the two norms of a link. */
const linkParams = idParams.extend({ otherId: idParams.shape.id });

export const regulationRoutes: FastifyPluginAsyncZod<{ regulations: RegulationService; actions: ActionService; legalForce: LegalForceService }> = async (app, { regulations, actions, legalForce }) => {
  /**
   * The changes of a trámite check the row's policy before the body is read (preParsing): a caller who
   * may not edit this regulation gets 403 whatever they send. An id that is no id is left to validation.
   */
  const editableFirst = async (request: FastifyRequest) => {
    const params = idParams.safeParse(request.params);
    if (params.success && request.user) await actions.assertEditable(request.user, params.data.id);
  };

  /** Staff list with every filter of spec 2.5.1. 200; 401; 403; 422 malformed filters. */
  app.get(
    REGULATION_PATHS.list,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'listRegulations',
        summary: 'List the registry with the staff filters',
        querystring: staffRegulationQuerySchema,
        response: { 200: staffRegulationListSchema, ...errors },
      },
    },
    async (request) => regulations.list(request.user!, request.query),
  );

  /** Candidates for the modifies / modified-by pickers (at least 3 characters). 200; 401; 403; 422. */
  app.get(
    REGULATION_PATHS.related,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'listRelatedRegulationCandidates',
        summary: 'Find regulations to link as modified or modifying',
        querystring: relatedRegulationQuerySchema,
        response: { 200: relatedRegulationListSchema, ...errors },
      },
    },
    async (request) => regulations.related(request.query),
  );

  /** One regulation with authors, keywords, PDFs, both link lists and its history. 200; 401; 403; 404. */
  app.get(
    REGULATION_PATHS.oneRoute,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'getRegulation',
        summary: 'Get one regulation with its links and history',
        params: idParams,
        response: { 200: regulationDetailSchema, ...errors },
      },
    },
    async (request) => regulations.detail(request.user!, request.params.id),
  );

  /** Registers a regulation (multipart, spec 3). 201; 401; 403 a field the role may not set; 413; 422. */
  app.post(
    REGULATION_PATHS.list,
    {
      config: { access: 'regulations.create', multipart: createForm },
      schema: {
        tags: ['regulations'],
        operationId: 'createRegulation',
        summary: 'Register a regulation',
        consumes: ['multipart/form-data'],
        response: { 201: regulationDetailSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, createForm);
      return reply.status(201).send(await regulations.create(request.user!, form));
    },
  );

  /**
   * Modifies a regulation: PDFs (a file, or an empty value to remove), `changes` (JSON of the changed
   * fields) and the `version` edited. 200; 401; 403; 404; 409 someone saved in between; 413; 422.
   */
  app.post(
    REGULATION_PATHS.oneRoute,
    {
      config: { access: 'regulations.update', multipart: updateForm },
      schema: {
        tags: ['regulations'],
        operationId: 'updateRegulation',
        summary: 'Modify a regulation',
        description:
          '`changes`: JSON of the changed fields only; `version`: the version that was edited (409 if someone saved since); ' +
          'a PDF field sent empty removes that PDF.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: regulationDetailSchema, 409: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, updateForm);
      return regulations.update(request.user!, request.params.id, form);
    },
  );

  /** Loads an old regulation: date, type, DEM sub-type, number, keywords and its PDF. 201; 401; 403; 413; 422. */
  app.post(
    REGULATION_PATHS.oldList,
    {
      config: { access: 'oldRegulations.create', multipart: oldForm },
      schema: {
        tags: ['regulations'],
        operationId: 'createOldRegulation',
        summary: 'Load an old regulation',
        consumes: ['multipart/form-data'],
        response: { 201: regulationDetailSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, oldForm);
      return reply.status(201).send(await regulations.createOld(request.user!, form));
    },
  );

  /** Deletes an old regulation and its PDF. 200; 401; 403 (also for a regulation that is not old); 404. */
  app.delete(
    REGULATION_PATHS.oldOneRoute,
    {
      config: { access: 'oldRegulations.delete' },
      schema: {
        tags: ['regulations'],
        operationId: 'deleteOldRegulation',
        summary: 'Delete an old regulation and its PDF',
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await regulations.deleteOld(request.user!, request.params.id);
      return { message: 'Normativa eliminada correctamente.' };
    },
  );

  /** The trámite of a regulation, oldest step first (DESIGN.md 9.2). 200; 401; 403; 404. */
  app.get(
    REGULATION_PATHS.actionsRoute,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'listRegulationActions',
        summary: 'The dated steps of a regulation (its trámite)',
        params: idParams,
        response: { 200: z.array(regulationActionSchema), ...errors },
      },
    },
    async (request) => actions.list(request.user!, request.params.id),
  );

  /**
   * Adds a manual step (giro, despacho, promulgación, veto, insistencia, publicación, archivo,
   * caducidad), JSON. 201; 401; 403 (not the staff who may edit it); 404; 422 bad fields or dates out of
   * the path's order (the message names both steps).
   */
  app.post(
    REGULATION_PATHS.actionsRoute,
    {
      config: { access: 'regulations.update' },
      preParsing: editableFirst,
      schema: {
        tags: ['regulations'],
        operationId: 'addRegulationAction',
        summary: 'Add a step to a regulation\'s trámite',
        params: idParams,
        body: newActionSchema,
        response: { 201: regulationActionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await actions.add(request.user!, request.params.id, request.body)),
  );

  /** Corrects the date of any step, automatic ones included (archives are loaded late). 200; 401; 403; 404; 422. */
  app.patch(
    REGULATION_PATHS.actionRoute,
    {
      config: { access: 'regulations.update' },
      preParsing: editableFirst,
      schema: {
        tags: ['regulations'],
        operationId: 'redateRegulationAction',
        summary: 'Correct the date of a step of a regulation\'s trámite',
        params: actionParams,
        body: actionChangesSchema,
        response: { 200: regulationActionSchema, ...errors },
      },
    },
    async (request) => actions.redate(request.user!, request.params.id, request.params.actionId, request.body),
  );

  /**
   * Attaches (or replaces) a despacho's PDF, multipart `pdf`: up to 20 MB, a PDF that opens; public while
   * its norm is. 200; 401; 403; 404; 413; 422 no despacho, no file or no PDF.
   */
  app.put(
    REGULATION_PATHS.actionPdfRoute,
    {
      config: { access: 'regulations.update', multipart: stepPdfForm },
      preParsing: editableFirst,
      schema: {
        tags: ['regulations'],
        operationId: 'attachRegulationActionPdf',
        summary: 'Attach the PDF of a despacho',
        consumes: ['multipart/form-data'],
        params: actionParams,
        response: { 200: regulationActionSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { files } = await readMultipartForm(request, stepPdfForm);
      return actions.attachPdf(request.user!, request.params.id, request.params.actionId, files.pdf);
    },
  );

  /** Removes a despacho's PDF. 200; 401; 403; 404; 422 no despacho or no PDF. */
  app.delete(
    REGULATION_PATHS.actionPdfRoute,
    {
      config: { access: 'regulations.update' },
      preParsing: editableFirst,
      schema: {
        tags: ['regulations'],
        operationId: 'removeRegulationActionPdf',
        summary: 'Remove the PDF of a despacho',
        params: actionParams,
        response: { 200: regulationActionSchema, ...errors },
      },
    },
    async (request) => actions.removePdf(request.user!, request.params.id, request.params.actionId),
  );

  /** Deletes a manual step. 200; 401; 403; 404; 409 an automatic step (only its date can be corrected). */
  app.delete(
    REGULATION_PATHS.actionRoute,
    {
      config: { access: 'regulations.update' },
      preParsing: editableFirst,
      schema: {
        tags: ['regulations'],
        operationId: 'deleteRegulationAction',
        summary: 'Delete a manual step of a regulation\'s trámite',
        params: actionParams,
        response: { 200: z.object({ message: z.string() }), 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await actions.remove(request.user!, request.params.id, request.params.actionId);
      return { message: 'Paso del trámite eliminado.' };
    },
  );

  /**
   * The note on the link between two norms ("arts. 3 a 5") and a suspension's last day (DESIGN.md 9.2);
   * `:otherId` is the other norm, whichever way the link goes. 200; 401; 403; 404 no such link; 422.
   */
  app.patch(
    REGULATION_PATHS.linkRoute,
    {
      config: { access: 'regulations.link' },
      schema: {
        tags: ['regulations'],
        operationId: 'annotateRegulationLink',
        summary: 'Set the note and a suspension\'s last day of the link between two norms',
        params: linkParams,
        body: linkDetailsSchema,
        response: { 200: linkDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => legalForce.annotateLink(request.user!, request.params.id, request.params.otherId, request.body),
  );

  /** The term written in a norm and the day it was declared null; its legal force follows. 200; 401; 403; 404; 422. */
  app.patch(
    REGULATION_PATHS.legalForceRoute,
    {
      config: { access: 'regulations.link' },
      schema: {
        tags: ['regulations'],
        operationId: 'setRegulationLegalForceFacts',
        summary: 'Set the term and the nullity of a norm (its legal force follows)',
        params: idParams,
        body: legalForceFactsSchema,
        response: { 200: legalForceFactsAnswerSchema, ...errors },
      },
    },
    async (request) => legalForce.setOwnFacts(request.user!, request.params.id, request.body),
  );
};
