import {
  assignBodySchema,
  assignResponseSchema,
  caseDetailQuerySchema,
  caseDetailSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseNamesResponseSchema,
  caseStatusResponseSchema,
  caseVinsResponseSchema,
  createCaseBodySchema,
  createCaseResponseSchema,
  deleteCaseResponseSchema,
  metadataBodySchema,
  metadataResponseSchema,
  processCaseResponseSchema,
} from '../cases.js';
import { ownershipChainResponseSchema, plateChainResponseSchema } from '../chains.js';
import { CASE_PATH, defineOperations } from '../operationSpec.js';
import { platesResponseSchema } from '../plates.js';

/** Cases, their plates and chains (contract §4.2, §4.3, operator-surface §4). */
export const CASE_OPERATIONS = defineOperations({
  listCases: {
    method: 'GET', path: '/v1/cases', auth: 'bearer', group: 'cases',
    summary: "Paginated list of the authenticated company's cases",
    query: caseListQuerySchema, response: caseListResponseSchema, successStatus: 200,
  },
  createCase: {
    method: 'POST', path: '/v1/cases', auth: 'bearer', group: 'cases',
    summary: 'Create a case, optionally with initial files (202 when files are queued)',
    body: createCaseBodySchema, response: createCaseResponseSchema, successStatus: 201, otherSuccessStatuses: [202],
    otherErrorStatuses: [422], idempotent: true,
  },
  getCase: {
    method: 'GET', path: CASE_PATH, auth: 'bearer', group: 'cases',
    summary: 'Case and documents with OCR; files=all includes inactive documents',
    query: caseDetailQuerySchema, response: caseDetailSchema, successStatus: 200,
  },
  deleteCase: {
    method: 'DELETE', path: CASE_PATH, auth: 'bearer', group: 'cases',
    summary: 'Soft-delete the case (files kept)',
    response: deleteCaseResponseSchema, successStatus: 200,
  },
  assignCase: {
    method: 'POST', path: `${CASE_PATH}/assign`, auth: 'bearer', group: 'cases',
    summary: 'Assign the case to a user of the company; appends to the assignment history',
    body: assignBodySchema, response: assignResponseSchema, successStatus: 200, idempotent: true, otherErrorStatuses: [403],
  },
  processCase: {
    method: 'POST', path: `${CASE_PATH}/process`, auth: 'bearer', group: 'cases',
    summary: "Queue bulk processing (OCR + extraction) of the case's documents",
    response: processCaseResponseSchema, successStatus: 202, idempotent: true,
  },
  getCaseStatus: {
    method: 'GET', path: `${CASE_PATH}/status`, auth: 'bearer', group: 'cases',
    summary: 'Status of the latest processing job',
    response: caseStatusResponseSchema, successStatus: 200,
  },
  getCaseNames: {
    method: 'GET', path: `${CASE_PATH}/names`, auth: 'bearer', group: 'cases',
    summary: 'Names consolidated from all documents',
    response: caseNamesResponseSchema, successStatus: 200,
  },
  getCaseVins: {
    method: 'GET', path: `${CASE_PATH}/vins`, auth: 'bearer', group: 'cases',
    summary: 'Primary VIN and VINs detected per document',
    response: caseVinsResponseSchema, successStatus: 200,
  },
  getCaseMetadata: {
    method: 'GET', path: `${CASE_PATH}/metadata`, auth: 'bearer', group: 'cases',
    summary: 'Business metadata of the case and its history',
    response: metadataResponseSchema, successStatus: 200,
  },
  appendCaseMetadata: {
    method: 'POST', path: `${CASE_PATH}/metadata`, auth: 'bearer', group: 'cases',
    summary: 'Append an entry to the metadata history',
    body: metadataBodySchema, bodyRequired: true, response: metadataResponseSchema, successStatus: 200, idempotent: true,
  },
  getPlates: {
    method: 'GET', path: `${CASE_PATH}/plates`, auth: 'bearer', group: 'cases',
    summary: 'Plates extracted from the case documents',
    response: platesResponseSchema, successStatus: 200,
  },
  computePlates: {
    method: 'POST', path: `${CASE_PATH}/plates`, auth: 'bearer', group: 'cases',
    summary: 'Recompute plates from processed documents; starts previous-plate lookups',
    response: platesResponseSchema, successStatus: 200, idempotent: true,
  },
  getPlateChain: {
    method: 'GET', path: `${CASE_PATH}/chain_plates`, auth: 'bearer', group: 'cases',
    summary: 'Plate chain of the case',
    response: plateChainResponseSchema, successStatus: 200,
  },
  generatePlateChain: {
    method: 'POST', path: `${CASE_PATH}/chain_plates`, auth: 'bearer', group: 'cases',
    summary: 'Start plate chain generation (fire and forget)',
    rejectsBody: true, response: plateChainResponseSchema, successStatus: 202, idempotent: true,
  },
  getOwnershipChain: {
    method: 'GET', path: `${CASE_PATH}/ownership_chain`, auth: 'bearer', group: 'cases',
    summary: 'Ownership chain of the case',
    response: ownershipChainResponseSchema, successStatus: 200,
  },
  generateOwnershipChain: {
    method: 'POST', path: `${CASE_PATH}/ownership_chain`, auth: 'bearer', group: 'cases',
    summary: 'Start ownership chain generation (fire and forget)',
    rejectsBody: true, response: ownershipChainResponseSchema, successStatus: 202, idempotent: true,
  },
});
