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
export type { AbortControllerClass, FetchTransport, Logger, RequestOptions, ResponseOf } from './core/transport.js';
export { checkUploadPath, inferMimeType, MIME_BY_EXTENSION, type Uploadable, type UploadParams } from './uploads.js';
export { settled } from './waiters.js';
export {
  Webhooks,
  webhooks,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
  WebhookHeaderError,
  WebhookTimestampError,
  WebhookSignatureError,
  type VerifiedWebhook,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookSecrets,
  type WebhookVerificationReason,
  type WebhookVerifyOptions,
} from './webhooks.js';
/** The contract's fixed message texts of tickets and tenencia rows (e.g. a lookup that could not run). */
export { TICKET_MESSAGES, TAX_MESSAGES } from '@vcase/shared';
/** The document types the service knows (contract §2.3); it stores any other as given. */
export { DOCUMENT_TYPES } from '@vcase/shared';
/** Whether a value is a UUID as the API writes its ids (any version, either case). */
export { isUuid } from '@vcase/shared';
/** The webhook events (contract §6) and sandbox sources (operator-surface §3) the admin API takes. */
export { WEBHOOK_EVENTS, SANDBOX_SOURCES } from '@vcase/shared';

export type {
  Cases,
  CaseListParams,
  CreateCaseParams,
  CaseDetailQuery,
  DeleteCaseResponse,
  ProcessCaseResponse,
} from './resources/cases.js';
export type { Documents, DocumentListParams } from './resources/documents.js';
export type { Ine } from './resources/ine.js';
export type {
  Admin,
  CreateTokenParams,
  CreateApiKeyParams,
  RotateWebhookSecretParams,
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
  DocumentDetail, DocumentListItem, DocumentListQuery, DocumentListResponse, DocumentSignature, DocumentStatus,
  DocumentValidity, Endorsement, EntityCode, ErrorBody, ErrorCode, ExtractedCode,
  ExtractionDataResponse, HealthResponse, IneData, IneResultResponse, IneStatus, IneSubmitBody,
  IneSubmitResponse, InvoiceCheck, InvoiceCheckKey, InvoiceEntry, InvoiceField, InvoicesResponse,
  FailingJob, JobBacklogEntry, JobsSummary, JobStatus, JsonObject, KnownDocumentType, MainTaxBlock, MainTaxRow, MetadataResponse,
  OwnershipChainLink, OwnershipChainResponse, OwnershipChainSummary, OwnershipGap, Pagination,
  ParsedData, ParsedDataKey, PatchDocumentOcrBody, PatchDocumentOcrResponse, PedimentoResponse,
  PedimentoResult, PedimentoStartResponse, PlateChainDocument, PlateChainLink, PlateChainResponse,
  PlateChainSummary, PlateEntry, PlateLookupStartResponse, PlateSourceDocumentType, PlateStatus,
  PlatesResponse, ProcessDocumentResponse, RapiResponse, RapiStartResponse, ReclassifyDocumentBody, Redelivery,
  ReclassifyDocumentResponse, RenapoData, RenapoPerson, RenapoProbativeDocData, RenapoResponse,
  RenapoStartResponse, RepuveInfo, RepuveResponse, RestoreDocumentResponse, ReviewStatus,
  RowStatus, SandboxOutcome, SandboxSource, SourceAmount, SupportedMimeType, TaxCell, TaxRow,
  TaxesBlock, TaxesResponse, TaxesStartResponse, TicketRow, TicketsResponse, TicketsStartResponse,
  Token, TokenInfo, UploadDocumentRequest, UploadDocumentResponse, User, UserTokensResponse, WebhookDelivery, WebhookEvent,
  WebhookRegistration, WebhookRegistrationBody, WebhookSecret,
} from '@vcase/shared';
