export { Vcase, DEFAULT_TIMEOUT_MS, type VcaseOptions } from './client.js';
export { Vcase as default } from './client.js';
export { SDK_VERSION } from './version.js';

export {
  VcaseError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  MissingCredentialError,
  RequestValidationError,
  FileReadError,
  UnexpectedResponseError,
  FileTooLargeError,
  WaitTimeoutError,
  LookupNotStartedError,
  type CredentialName,
} from './core/errors.js';
export { Page, PagePromise, type PageBody, type PageParams, type ListParams } from './core/pagination.js';
export { WAIT_DEFAULTS, type WaitOptions } from './core/poll.js';
export { RETRYABLE_STATUSES, isRetryableStatus, DEFAULT_MAX_RETRIES } from './core/retry.js';
export type { Sleep } from './core/sleep.js';
export type { Logger, RequestOptions, ResponseOf } from './core/transport.js';
export { checkUploadPath, inferMimeType, MIME_BY_EXTENSION, type Uploadable, type UploadParams } from './uploads.js';
export { settled } from './waiters.js';
/** The contract's fixed message texts of tickets and tenencia rows (e.g. a lookup that could not run). */
export { TICKET_MESSAGES, TAX_MESSAGES } from '@vcase/shared';

export type { Cases, CaseListParams, CreateCaseParams, CaseDetailQuery, DeleteCaseResponse, ProcessCaseResponse } from './resources/cases.js';
export type { Documents, DocumentListParams } from './resources/documents.js';
export type { Ine } from './resources/ine.js';
export type {
  Admin,
  CreateTokenParams,
  CreateApiKeyParams,
  WebhookDeliveriesQuery,
  WebhookDeliveriesResponse,
  SandboxFixture,
  SandboxFixturesResponse,
} from './resources/admin.js';
export type { Jobs } from './resources/jobs.js';

/** The contract's request/response types (from @vcase/shared), so integrators need only this package. */
export type {
  ApiKey, AssignBody, AssignResponse, AssignmentHistoryEntry, BlockStatus, CaseDetail, CaseFile,
  CaseListItem, CaseListQuery, CaseListResponse, CaseNamesResponse, CaseStatusResponse,
  CaseVinsResponse, ChainStatus, ClassifyDocumentBody, ClassifyDocumentResponse, Company,
  CreateCaseBody, CreateCaseFile, CreateCaseResponse, CreateCompanyBody, CreateUserBody,
  CredentialsFile, CreditBureauResponse, CreditBureauStartResponse, DeleteDocumentResponse,
  DocumentDetail, DocumentListItem, DocumentListQuery, DocumentListResponse, DocumentStatus,
  DocumentValidity, Endorsement, EntityCode, ErrorBody, ErrorCode, ExtractedCode,
  ExtractionDataResponse, HealthResponse, IneData, IneResultResponse, IneStatus, IneSubmitBody,
  IneSubmitResponse, InvoiceCheck, InvoiceCheckKey, InvoiceEntry, InvoiceField, InvoicesResponse,
  FailingJob, JobBacklogEntry, JobsSummary, JobStatus, JsonObject, KnownDocumentType, MainTaxBlock, MainTaxRow, MetadataResponse,
  OwnershipChainLink, OwnershipChainResponse, OwnershipChainSummary, OwnershipGap, Pagination,
  ParsedData, ParsedDataKey, PatchDocumentOcrBody, PatchDocumentOcrResponse, PedimentoResponse,
  PedimentoResult, PedimentoStartResponse, PlateChainDocument, PlateChainLink, PlateChainResponse,
  PlateChainSummary, PlateEntry, PlateLookupStartResponse, PlateSourceDocumentType, PlateStatus,
  PlatesResponse, ProcessDocumentResponse, RapiResponse, RapiStartResponse, ReclassifyDocumentBody,
  ReclassifyDocumentResponse, RenapoData, RenapoPerson, RenapoProbativeDocData, RenapoResponse,
  RenapoStartResponse, RepuveInfo, RepuveResponse, RestoreDocumentResponse, ReviewStatus,
  RowStatus, SandboxOutcome, SandboxSource, SourceAmount, SupportedMimeType, TaxCell, TaxRow,
  TaxesBlock, TaxesResponse, TaxesStartResponse, TicketRow, TicketsResponse, TicketsStartResponse,
  Token, UploadDocumentRequest, UploadDocumentResponse, User, WebhookDelivery, WebhookEvent,
  WebhookRegistration, WebhookRegistrationBody,
} from '@vcase/shared';
