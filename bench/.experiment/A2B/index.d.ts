import { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import fs from 'node:fs';
import * as _vcase_shared from '@vcase/shared';
import { ErrorCode, CredentialsFile, OPERATIONS, OperationId } from '@vcase/shared';
import * as _trpc_server from '@trpc/server';
import { TRPCQueryProcedure, TRPCMutationProcedure } from '@trpc/server';

interface Clock {
    /** Current time. Strictly increasing across calls, so creation order is total. */
    now(): Date;
}
type IdGenerator = () => string;

/** Every setting the server reads, from flags (which win) and env (operator-surface §1). */
declare const configSchema: z.ZodObject<{
    port: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    host: z.ZodDefault<z.ZodString>;
    db: z.ZodDefault<z.ZodString>;
    storageDir: z.ZodDefault<z.ZodString>;
    stateDir: z.ZodDefault<z.ZodString>;
    workers: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    adminToken: z.ZodOptional<z.ZodString>;
    jwtSecret: z.ZodOptional<z.ZodString>;
    providers: z.ZodDefault<z.ZodEnum<{
        sandbox: "sandbox";
        http: "http";
    }>>;
    providerHttpUrl: z.ZodOptional<z.ZodString>;
    sandboxLatencyMs: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    environment: z.ZodDefault<z.ZodString>;
    publicUrl: z.ZodOptional<z.ZodString>;
    webUrl: z.ZodOptional<z.ZodString>;
    allowPrivateUrls: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodBoolean, z.ZodString]>, z.ZodTransform<boolean, string | boolean>>>;
    webhookTimeoutMs: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    bootstrap: z.ZodDefault<z.ZodBoolean>;
    logLevel: z.ZodDefault<z.ZodString>;
}, z.core.$strip>;
type Config = z.infer<typeof configSchema>;
interface ConfigFlags {
    port?: string | number;
    host?: string;
    db?: string;
    storage?: string;
    workers?: string | number;
    bootstrap?: boolean;
}
/** The one place that reads `process.env`. */
declare function loadConfig(flags?: ConfigFlags, env?: NodeJS.ProcessEnv): Config;

/** Lifecycle of a durable job (contract §3 "Job"). */
type JobStatus = 'pending' | 'processing' | 'completed' | 'error';
/**
 * One row per asynchronous unit of work. Ids are UUID text, timestamps ISO 8601 text,
 * JSON as text: the same rows on SQLite and PostgreSQL.
 */
interface JobsTable {
    id: string;
    kind: string;
    company_id: string | null;
    case_id: string | null;
    parent_id: string | null;
    payload: string;
    status: JobStatus;
    /** Claims so far, the running one included. */
    attempts: number;
    /** Null: the handler's `maxAttempts` (else the runner default) decides. */
    max_attempts: number | null;
    /** Not claimable before this instant (retry backoff, scheduled work). */
    run_at: string;
    /** A `processing` job whose lease passed is taken up again by any worker. */
    lease_until: string | null;
    locked_by: string | null;
    result: string | null;
    error: string | null;
    created_at: string;
    updated_at: string;
    started_at: string | null;
    finished_at: string | null;
}

/** One receiver per company and event (operator-surface §2). Primary key (company_id, event). */
interface WebhookRegistrationsTable {
    company_id: string;
    event: string;
    url: string;
    /**
     * `JSON.stringify(template)`: an object template is stored as a JSON object, a string
     * template as a JSON string, so parsing gives back which of the two the operator sent.
     */
    template: string | null;
    api_key: string | null;
    updated_at: string;
}
/** Every delivery attempt, successful or not (contract §6 "Delivery rules"). */
interface WebhookDeliveriesTable {
    id: string;
    company_id: string;
    event: string;
    case_id: string | null;
    url: string;
    request_body: string;
    status_code: number | null;
    ok: number;
    response_body: string | null;
    error: string | null;
    duration_ms: number | null;
    created_at: string;
}

/**
 * Row types. Timestamps are ISO 8601 strings, JSON columns are text, booleans are 0/1
 * integers: the same rows on SQLite and PostgreSQL.
 */
interface CompaniesTable {
    id: string;
    name: string;
    status_catalog: string;
    created_at: string;
}
interface UseCasesTable {
    id: string;
    company_id: string;
    name: string;
    created_at: string;
}
interface UsersTable {
    id: string;
    company_id: string;
    pid: string | null;
    name: string | null;
    email: string | null;
    created_at: string;
}
interface ApiKeysTable {
    id: string;
    company_id: string;
    name: string | null;
    key_hash: string;
    created_at: string;
    revoked_at: string | null;
}
interface CasesTable {
    id: string;
    company_id: string | null;
    internal_id: string;
    status: string;
    review_status: string | null;
    vehicle_origin: string;
    use_case_id: string | null;
    user_id_added_by: string | null;
    created_by: string | null;
    assigned_to: string | null;
    active: number;
    created_at: string;
    updated_at: string;
    plates_computed_at: string | null;
}
interface CaseAssignmentsTable {
    id: string;
    case_id: string;
    assigned_user_id: string;
    assigned_by: string | null;
    user_label: string;
    pid: string | null;
    label: string;
    created_at: string;
}
interface CaseMetadataEntriesTable {
    id: string;
    case_id: string;
    user_id: string | null;
    data: string;
    created_at: string;
}
interface DocumentsTable {
    id: string;
    company_id: string;
    case_id: string;
    parent_id: string | null;
    type: string | null;
    subtype: string | null;
    mime_type: string;
    status: string;
    storage_key: string | null;
    source_url: string | null;
    size_bytes: number | null;
    sha256: string | null;
    parsed_data: string | null;
    json_ocr: string | null;
    validity: string | null;
    classification_method: string | null;
    classification_confidence: number | null;
    vin: string | null;
    active: number;
    created_at: string;
    updated_at: string;
    processed_at: string | null;
    ocr_id: string | null;
    file_name: string | null;
}
interface SandboxFixturesTable {
    source: string;
    key: string;
    outcome: string;
    updated_at: string;
}
interface IdempotencyKeysTable {
    company_id: string;
    route: string;
    key: string;
    body_hash: string;
    status_code: number;
    response_body: string;
    created_at: string;
}
/** One plate read from one document (contract §2.4 row, before the portal lookup). */
interface CasePlatesTable {
    id: string;
    case_id: string;
    plate: string;
    entity: string;
    document_type: string;
    document_date: string;
    file_id: string;
    ocr_id: string;
    niv: string | null;
    motor_number: string | null;
    owner_name: string | null;
    position: number;
}
/** The official portal's answer for one plate of one case (contract §2.4 portal fields). */
interface PlatePortalLookupsTable {
    case_id: string;
    plate: string;
    lookup_status: string | null;
    plate_status: string | null;
    valid_from: string | null;
    valid_until: string | null;
    previous_plate: string | null;
    job_id: string | null;
    raw: string | null;
    updated_at: string;
}
interface SettingsTable {
    key: string;
    value: string;
}
interface Database {
    companies: CompaniesTable;
    use_cases: UseCasesTable;
    users: UsersTable;
    api_keys: ApiKeysTable;
    cases: CasesTable;
    case_assignments: CaseAssignmentsTable;
    case_metadata_entries: CaseMetadataEntriesTable;
    documents: DocumentsTable;
    sandbox_fixtures: SandboxFixturesTable;
    settings: SettingsTable;
    idempotency_keys: IdempotencyKeysTable;
    case_plates: CasePlatesTable;
    plate_portal_lookups: PlatePortalLookupsTable;
    jobs: JobsTable;
    webhook_registrations: WebhookRegistrationsTable;
    webhook_deliveries: WebhookDeliveriesTable;
}

type Dialect = 'sqlite' | 'postgres';

interface StoredFile {
    /** Unguessable key: the file's URL path segment, so URLs cannot be enumerated across companies. */
    key: string;
    sizeBytes: number;
    sha256: string;
}
interface FileStore {
    put(bytes: Uint8Array, ext: string): Promise<StoredFile>;
    get(key: string): Promise<Buffer | null>;
    stream(key: string): fs.ReadStream | null;
}

/**
 * What services, job handlers and routes depend on. Built once in `createServer`, passed
 * down explicitly: nothing global, so tests build as many as they like.
 */
interface ServerContext {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    clock: Clock;
    ids: IdGenerator;
    fetch: typeof fetch;
    logger: FastifyBaseLogger;
    storage: FileStore;
}

type UserRow = Selectable<UsersTable>;

/** Who is calling: a person (bearer token) or an integration (API key). */
type Principal = {
    kind: 'user';
    userId: string;
    companyId: string | null;
    user: UserRow;
} | {
    kind: 'apiKey';
    keyId: string;
    companyId: string;
    userId: null;
    user: null;
} | {
    kind: 'admin';
    companyId: null;
    userId: null;
    user: null;
};
/** Credential a route accepts (contract §5). */
type AuthMode = 'bearer' | 'apiKey' | 'bearerOrApiKey' | 'admin' | 'none';

declare module 'fastify' {
    interface FastifyContextConfig {
        /** Credential the route accepts (contract §5). Routes without one are public. */
        auth?: AuthMode;
        /** Code sent with a 401 on this route (`UNAUTHORIZED` on GET /v1/documents, else none). */
        authErrorCode?: ErrorCode | null;
        /** Message of a 401 on this route, where the contract words it. */
        unauthorizedMessage?: string;
        /** Code sent when the request fails schema validation (default `VALIDATION_ERROR`). */
        validationErrorCode?: ErrorCode | null;
    }
    interface FastifyRequest {
        principal: Principal | null;
    }
}

interface AppDeps {
    ctx: ServerContext;
    adminToken: string;
    jwtSecret: string;
    /** Fail (500) on a response that does not match its schema instead of sending it as is. */
    strictResponses?: boolean;
}
/** Builds the HTTP app. It never listens: `main.ts` does, tests use `app.inject`. */
declare function buildApp(deps: AppDeps): Promise<FastifyInstance>;

/** A job as code sees it: camelCase, payload and result parsed. */
interface Job<P = unknown, R = unknown> {
    id: string;
    kind: string;
    companyId: string | null;
    caseId: string | null;
    parentId: string | null;
    payload: P;
    status: JobStatus;
    attempts: number;
    maxAttempts: number | null;
    runAt: string;
    leaseUntil: string | null;
    lockedBy: string | null;
    result: R | null;
    error: string | null;
    createdAt: string;
    updatedAt: string;
    startedAt: string | null;
    finishedAt: string | null;
}

interface JobRunOptions {
    /** Aborted when the runner gives the job up (shutdown past its bound, lease lost). */
    signal: AbortSignal;
}
interface JobHandler<P = unknown, R = unknown> {
    run(job: Job<P>, ctx: ServerContext, opts: JobRunOptions): Promise<R>;
    /** Used when the job was enqueued without `maxAttempts`. Default 3. */
    maxAttempts?: number;
    /** Delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed. */
    backoffMs?(attempt: number): number;
    /** How long a claim holds without renewal. The runner renews it every third of that. */
    leaseMs?: number;
    /** `completed` jobs of this kind are deleted this long after they finish. */
    retentionMs?: number;
}
type JobHandlers = Record<string, JobHandler<any, unknown>>;
interface JobRunnerOptions {
    ctx: ServerContext;
    handlers: JobHandlers;
    /** Jobs run at once by this runner. 0 claims nothing. */
    concurrency: number;
    leaseMs?: number;
    pollIntervalMs?: number;
    workerId?: string;
    /** How long `stop()` waits for running jobs before handing them back. */
    stopTimeoutMs?: number;
}
interface JobRunner {
    readonly workerId: string;
    /** Starts polling, listening for same-process enqueues, and the maintenance schedule. */
    start(): void;
    /** Stops claiming, waits for running jobs (bounded), then releases the rest to `pending`. */
    stop(): Promise<void>;
    /** Claims and runs due jobs until none is left; returns how many were started. */
    runDue(): Promise<number>;
    /** Runs due jobs and resolves once none is due or running; rejects after `timeoutMs`. */
    whenIdle(timeoutMs?: number): Promise<void>;
    /** Claims now instead of at the next poll. */
    notify(): void;
    /** The scheduled maintenance, run once now. */
    maintain(): Promise<void>;
}
declare function createJobRunner(opts: JobRunnerOptions): JobRunner;

interface AccessTokenClaims {
    userId: string;
    companyId: string | null;
}
declare function createTokenSigner(secret: string): {
    sign(claims: AccessTokenClaims, expiresAt: Date): Promise<string>;
    /** The token's claims, or null when it is malformed, forged or expired. */
    verify(token: string, now: Date): Promise<AccessTokenClaims | null>;
};
type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * First start with an empty database and the sandbox providers: a demo company, user, bearer
 * token and API key, written to `<stateDir>/credentials.json` (operator-surface §1).
 */
declare function bootstrapDemo(ctx: ServerContext, signer: TokenSigner): Promise<CredentialsFile | null>;

interface CreateServerOptions {
    config: Config;
    clock?: Clock;
    ids?: IdGenerator;
    fetch?: typeof fetch;
    logger?: FastifyBaseLogger;
    strictResponses?: boolean;
}
interface VcaseServer {
    app: FastifyInstance;
    ctx: ServerContext;
    runner: ReturnType<typeof createJobRunner>;
    adminToken: string;
    /** Demo credentials when this start bootstrapped an empty database. */
    bootstrapped: Awaited<ReturnType<typeof bootstrapDemo>>;
    /** Listens on the configured host and port and starts the workers. */
    start(): Promise<string>;
    /** Graceful: stop accepting, finish or release claimed jobs, close the database. */
    stop(): Promise<void>;
}
/** Wires database, app and workers. Never listens on its own: `start()` does. */
declare function createServer(opts: CreateServerOptions): Promise<VcaseServer>;
/** Workers only, against the same database (`vcase-server worker`). */
declare function createWorker(opts: CreateServerOptions): Promise<{
    ctx: ServerContext;
    runner: JobRunner;
    start: () => void;
    stop(): Promise<void>;
}>;

interface AuthHeaders {
    authorization?: string;
    'x-api-key'?: string | string[];
}
interface Authenticator {
    authenticate(mode: AuthMode, headers: AuthHeaders, errorCode?: ErrorCode | null): Promise<Principal | null>;
}

type DocumentRow = Selectable<DocumentsTable>;

/** What route plugins are given: the shared context plus a few app-level collaborators. */
interface RouteDeps {
    ctx: ServerContext;
    signer: TokenSigner;
    /** Public URL of a stored document file. */
    fileUrl: (doc: DocumentRow) => string;
}

interface TrpcContext {
    deps: RouteDeps;
    headers: AuthHeaders;
    authenticator: Authenticator;
}

type Ops = typeof OPERATIONS;
type ProcedureId = Exclude<OperationId, 'health'>;
/** `{case_id}` placeholders of a path as an object type. */
type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? {
    [K in Name]: string;
} & ParamsOf<Rest> : unknown;
type InputPart<S> = S extends z.ZodType ? (z.input<S> extends Record<string, unknown> ? z.input<S> : {
    body?: z.input<S>;
}) : unknown;
/** Procedure input: path parameters, then the query (GET) or body fields, flattened. */
type InputOf<Op extends Ops[ProcedureId]> = ParamsOf<Op['path']> & InputPart<Op extends {
    query: infer Q;
} ? Q : unknown> & InputPart<Op extends {
    body: infer B;
} ? B : unknown> & {
    idempotency_key?: string;
};
declare const appRouter: _trpc_server.TRPCBuiltRouter<{
    ctx: TrpcContext;
    meta: object;
    errorShape: {
        message: string;
        data: {
            stack: undefined;
            contractCode: "VALIDATION_ERROR" | "DUPLICATE_INTERNAL_ID" | "MISSING_PARAMETER" | "UNAUTHORIZED" | "FORBIDDEN" | "RESOURCE_NOT_FOUND" | "INVALID_STATUS" | null;
            httpStatus: number;
            details: unknown;
            code: _trpc_server.TRPC_ERROR_CODE_KEY;
            path?: string;
        };
        code: _trpc_server.TRPC_ERROR_CODE_NUMBER;
    };
    transformer: false;
}, _trpc_server.TRPCDecorateCreateRouterOptions<{
    listCases: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Paginated list of the authenticated company's cases";
            readonly query: z.ZodObject<{
                limit: z.ZodDefault<z.ZodOptional<z.ZodPipe<z.ZodPreprocess<z.ZodNumber, unknown>, z.ZodNumber>>>;
                offset: z.ZodDefault<z.ZodOptional<z.ZodPipe<z.ZodPreprocess<z.ZodNumber, unknown>, z.ZodNumber>>>;
                internal_id: z.ZodOptional<z.ZodString>;
                vin: z.ZodOptional<z.ZodString>;
                case_type: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                data: z.ZodArray<z.ZodObject<{
                    case_id: z.ZodString;
                    internal_id: z.ZodString;
                    review_status: z.ZodNullable<z.ZodString>;
                    use_case_id: z.ZodNullable<z.ZodString>;
                    user_id_added_by: z.ZodNullable<z.ZodString>;
                    created_by: z.ZodNullable<z.ZodString>;
                    created_at: z.ZodString;
                    active: z.ZodBoolean;
                }, z.core.$strip>>;
                pagination: z.ZodObject<{
                    limit: z.ZodNumber;
                    offset: z.ZodNumber;
                    total: z.ZodNumber;
                    has_more: z.ZodBoolean;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "listCases";
        }>;
        output: {
            data: {
                case_id: string;
                internal_id: string;
                review_status: string | null;
                use_case_id: string | null;
                user_id_added_by: string | null;
                created_by: string | null;
                created_at: string;
                active: boolean;
            }[];
            pagination: {
                limit: number;
                offset: number;
                total: number;
                has_more: boolean;
            };
        };
        meta: object;
    }>;
    createCase: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Create a case, optionally with initial files (202 when files are queued)";
            readonly body: z.ZodObject<{
                internal_id: z.ZodString;
                status: z.ZodString;
                vehicle_origin: z.ZodOptional<z.ZodEnum<{
                    Nacional: "Nacional";
                    Importado: "Importado";
                }>>;
                initial_status: z.ZodOptional<z.ZodString>;
                use_case: z.ZodOptional<z.ZodString>;
                metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                files: z.ZodOptional<z.ZodArray<z.ZodObject<{
                    url: z.ZodString;
                    mime_type: z.ZodString;
                    document_type: z.ZodOptional<z.ZodString>;
                }, z.core.$strip>>>;
            }, z.core.$strip>;
            readonly response: z.ZodUnion<readonly [z.ZodObject<{
                case_id: z.ZodString;
                status: z.ZodLiteral<"completed">;
            }, z.core.$strip>, z.ZodObject<{
                case_id: z.ZodString;
                job_id: z.ZodString;
                total_files: z.ZodNumber;
                status: z.ZodLiteral<"processing">;
            }, z.core.$strip>]>;
            readonly successStatus: 201;
            readonly otherSuccessStatuses: readonly [202];
        } & {
            id: "createCase";
        }>;
        output: {
            case_id: string;
            status: "completed";
        } | {
            case_id: string;
            job_id: string;
            total_files: number;
            status: "processing";
        };
        meta: object;
    }>;
    getCase: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Case and documents with OCR; files=all includes inactive documents";
            readonly query: z.ZodObject<{
                files: z.ZodOptional<z.ZodEnum<{
                    active: "active";
                    all: "all";
                }>>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                review_status: z.ZodNullable<z.ZodString>;
                created_at: z.ZodString;
                files: z.ZodArray<z.ZodObject<{
                    file_id: z.ZodString;
                    created_at: z.ZodString;
                    document_type: z.ZodString;
                    document_subtype: z.ZodNullable<z.ZodString>;
                    mime_type: z.ZodString;
                    active: z.ZodBoolean;
                    url: z.ZodString;
                    ocr: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCase";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            review_status: string | null;
            created_at: string;
            files: {
                file_id: string;
                created_at: string;
                document_type: string;
                document_subtype: string | null;
                mime_type: string;
                active: boolean;
                url: string;
                ocr: Record<string, unknown>;
            }[];
        };
        meta: object;
    }>;
    deleteCase: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "DELETE";
            readonly path: "/v1/cases/{case_id}";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Soft-delete the case (files kept)";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                active: z.ZodLiteral<false>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "deleteCase";
        }>;
        output: {
            case_id: string;
            active: false;
        };
        meta: object;
    }>;
    assignCase: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/assign";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Assign the case to a user of the company; appends to the assignment history";
            readonly body: z.ZodObject<{
                user_id: z.ZodString;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                assigned_to: z.ZodString;
                assignment_history: z.ZodArray<z.ZodObject<{
                    date: z.ZodString;
                    user: z.ZodString;
                    pid: z.ZodNullable<z.ZodString>;
                    label: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "assignCase";
        }>;
        output: {
            case_id: string;
            assigned_to: string;
            assignment_history: {
                date: string;
                user: string;
                pid: string | null;
                label: string;
            }[];
        };
        meta: object;
    }>;
    processCase: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/process";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Queue bulk processing (OCR + extraction) of the case's documents";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                status: z.ZodLiteral<"processing">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "processCase";
        }>;
        output: {
            job_id: string;
            status: "processing";
        };
        meta: object;
    }>;
    getCaseStatus: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/status";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Status of the latest processing job";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                job_id: z.ZodString;
                status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                total_files: z.ZodNumber;
                processed_files: z.ZodNumber;
                failed_files: z.ZodNumber;
                started_at: z.ZodNullable<z.ZodString>;
                finished_at: z.ZodNullable<z.ZodString>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCaseStatus";
        }>;
        output: {
            case_id: string;
            job_id: string;
            status: "error" | "pending" | "processing" | "completed";
            total_files: number;
            processed_files: number;
            failed_files: number;
            started_at: string | null;
            finished_at: string | null;
            message: string | null;
        };
        meta: object;
    }>;
    getCaseNames: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/names";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Names consolidated from all documents";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                status: z.ZodString;
                names: z.ZodArray<z.ZodObject<{
                    name: z.ZodString;
                    person_type: z.ZodEnum<{
                        fisica: "fisica";
                        moral: "moral";
                    }>;
                    sources: z.ZodArray<z.ZodObject<{
                        file_id: z.ZodString;
                        document_type: z.ZodNullable<z.ZodString>;
                        field: z.ZodString;
                    }, z.core.$strip>>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCaseNames";
        }>;
        output: {
            case_id: string;
            status: string;
            names: {
                name: string;
                person_type: "fisica" | "moral";
                sources: {
                    file_id: string;
                    document_type: string | null;
                    field: string;
                }[];
            }[];
        };
        meta: object;
    }>;
    getCaseVins: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/vins";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Primary VIN and VINs detected per document";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                primary_vin: z.ZodNullable<z.ZodString>;
                vins: z.ZodArray<z.ZodObject<{
                    file_id: z.ZodString;
                    document_type: z.ZodNullable<z.ZodString>;
                    vin: z.ZodString;
                    check_digit_valid: z.ZodBoolean;
                    is_primary: z.ZodBoolean;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCaseVins";
        }>;
        output: {
            case_id: string;
            primary_vin: string | null;
            vins: {
                file_id: string;
                document_type: string | null;
                vin: string;
                check_digit_valid: boolean;
                is_primary: boolean;
            }[];
        };
        meta: object;
    }>;
    getCaseMetadata: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/metadata";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Business metadata of the case and its history";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                metadata: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                history: z.ZodArray<z.ZodObject<{
                    date: z.ZodString;
                    user_id: z.ZodNullable<z.ZodString>;
                    data: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCaseMetadata";
        }>;
        output: {
            case_id: string;
            metadata: Record<string, unknown>;
            history: {
                date: string;
                user_id: string | null;
                data: Record<string, unknown>;
            }[];
        };
        meta: object;
    }>;
    appendCaseMetadata: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/metadata";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Append an entry to the metadata history";
            readonly body: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                metadata: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                history: z.ZodArray<z.ZodObject<{
                    date: z.ZodString;
                    user_id: z.ZodNullable<z.ZodString>;
                    data: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "appendCaseMetadata";
        }>;
        output: {
            case_id: string;
            metadata: Record<string, unknown>;
            history: {
                date: string;
                user_id: string | null;
                data: Record<string, unknown>;
            }[];
        };
        meta: object;
    }>;
    getPlates: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/plates";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Plates extracted from the case documents";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                plates: z.ZodArray<z.ZodObject<{
                    plate: z.ZodString;
                    entity: z.ZodString;
                    document_type: z.ZodEnum<{
                        repuve: "repuve";
                        certificate_title: "certificate_title";
                        tax_payment: "tax_payment";
                        alta_vehicular: "alta_vehicular";
                        vehicle_certificate: "vehicle_certificate";
                        vehicle_plate: "vehicle_plate";
                        lumo_checklist: "lumo_checklist";
                    }>;
                    document_date: z.ZodString;
                    file_id: z.ZodString;
                    ocr_id: z.ZodString;
                    niv: z.ZodNullable<z.ZodString>;
                    motor_number: z.ZodNullable<z.ZodString>;
                    owner_name: z.ZodNullable<z.ZodString>;
                    plate_status: z.ZodNullable<z.ZodEnum<{
                        Vigente: "Vigente";
                        Vencida: "Vencida";
                        Inactiva: "Inactiva";
                    }>>;
                    plate_valid_from: z.ZodNullable<z.ZodString>;
                    plate_valid_until: z.ZodNullable<z.ZodString>;
                    previous_plate: z.ZodNullable<z.ZodString>;
                    previous_plate_lookup_status: z.ZodNullable<z.ZodEnum<{
                        error: "error";
                        pending: "pending";
                        found: "found";
                    }>>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getPlates";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            plates: {
                plate: string;
                entity: string;
                document_type: "tax_payment" | "repuve" | "certificate_title" | "alta_vehicular" | "vehicle_certificate" | "lumo_checklist" | "vehicle_plate";
                document_date: string;
                file_id: string;
                ocr_id: string;
                niv: string | null;
                motor_number: string | null;
                owner_name: string | null;
                plate_status: "Vigente" | "Vencida" | "Inactiva" | null;
                plate_valid_from: string | null;
                plate_valid_until: string | null;
                previous_plate: string | null;
                previous_plate_lookup_status: "error" | "pending" | "found" | null;
            }[];
        };
        meta: object;
    }>;
    computePlates: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/plates";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Recompute plates from processed documents; starts previous-plate lookups";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                plates: z.ZodArray<z.ZodObject<{
                    plate: z.ZodString;
                    entity: z.ZodString;
                    document_type: z.ZodEnum<{
                        repuve: "repuve";
                        certificate_title: "certificate_title";
                        tax_payment: "tax_payment";
                        alta_vehicular: "alta_vehicular";
                        vehicle_certificate: "vehicle_certificate";
                        vehicle_plate: "vehicle_plate";
                        lumo_checklist: "lumo_checklist";
                    }>;
                    document_date: z.ZodString;
                    file_id: z.ZodString;
                    ocr_id: z.ZodString;
                    niv: z.ZodNullable<z.ZodString>;
                    motor_number: z.ZodNullable<z.ZodString>;
                    owner_name: z.ZodNullable<z.ZodString>;
                    plate_status: z.ZodNullable<z.ZodEnum<{
                        Vigente: "Vigente";
                        Vencida: "Vencida";
                        Inactiva: "Inactiva";
                    }>>;
                    plate_valid_from: z.ZodNullable<z.ZodString>;
                    plate_valid_until: z.ZodNullable<z.ZodString>;
                    previous_plate: z.ZodNullable<z.ZodString>;
                    previous_plate_lookup_status: z.ZodNullable<z.ZodEnum<{
                        error: "error";
                        pending: "pending";
                        found: "found";
                    }>>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "computePlates";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            plates: {
                plate: string;
                entity: string;
                document_type: "tax_payment" | "repuve" | "certificate_title" | "alta_vehicular" | "vehicle_certificate" | "lumo_checklist" | "vehicle_plate";
                document_date: string;
                file_id: string;
                ocr_id: string;
                niv: string | null;
                motor_number: string | null;
                owner_name: string | null;
                plate_status: "Vigente" | "Vencida" | "Inactiva" | null;
                plate_valid_from: string | null;
                plate_valid_until: string | null;
                previous_plate: string | null;
                previous_plate_lookup_status: "error" | "pending" | "found" | null;
            }[];
        };
        meta: object;
    }>;
    getPlateChain: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/chain_plates";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Plate chain of the case";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                niv: z.ZodNullable<z.ZodString>;
                summary: z.ZodNullable<z.ZodObject<{
                    plate_count: z.ZodNumber;
                    current_plate: z.ZodNullable<z.ZodString>;
                    chain_scope: z.ZodLiteral<"edomex_only">;
                    generated_at: z.ZodString;
                }, z.core.$strip>>;
                chain: z.ZodArray<z.ZodObject<{
                    sequence_index: z.ZodNumber;
                    plate: z.ZodString;
                    entity: z.ZodString;
                    period_start: z.ZodNullable<z.ZodString>;
                    period_end: z.ZodNullable<z.ZodString>;
                    period_precision: z.ZodString;
                    is_current: z.ZodBoolean;
                    predecessor_plate: z.ZodNullable<z.ZodString>;
                    documents: z.ZodArray<z.ZodObject<{
                        file_id: z.ZodString;
                        ocr_id: z.ZodNullable<z.ZodString>;
                        source_kind: z.ZodString;
                        document_type: z.ZodNullable<z.ZodString>;
                        field_name: z.ZodNullable<z.ZodString>;
                        plate: z.ZodString;
                        folio: z.ZodNullable<z.ZodString>;
                        issued_at: z.ZodNullable<z.ZodString>;
                        date_source: z.ZodNullable<z.ZodString>;
                        valid_until: z.ZodNullable<z.ZodString>;
                        owner_name: z.ZodNullable<z.ZodString>;
                        niv: z.ZodNullable<z.ZodString>;
                        niv_matches_case_niv: z.ZodBoolean;
                        file_url: z.ZodNullable<z.ZodString>;
                    }, z.core.$strip>>;
                }, z.core.$strip>>;
                status: z.ZodEnum<{
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getPlateChain";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            niv: string | null;
            summary: {
                plate_count: number;
                current_plate: string | null;
                chain_scope: "edomex_only";
                generated_at: string;
            } | null;
            chain: {
                sequence_index: number;
                plate: string;
                entity: string;
                period_start: string | null;
                period_end: string | null;
                period_precision: string;
                is_current: boolean;
                predecessor_plate: string | null;
                documents: {
                    file_id: string;
                    ocr_id: string | null;
                    source_kind: string;
                    document_type: string | null;
                    field_name: string | null;
                    plate: string;
                    folio: string | null;
                    issued_at: string | null;
                    date_source: string | null;
                    valid_until: string | null;
                    owner_name: string | null;
                    niv: string | null;
                    niv_matches_case_niv: boolean;
                    file_url: string | null;
                }[];
            }[];
            status: "pending" | "processing" | "completed";
            message: string | null;
        };
        meta: object;
    }>;
    generatePlateChain: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/chain_plates";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Start plate chain generation (fire and forget)";
            readonly rejectsBody: true;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                niv: z.ZodNullable<z.ZodString>;
                summary: z.ZodNullable<z.ZodObject<{
                    plate_count: z.ZodNumber;
                    current_plate: z.ZodNullable<z.ZodString>;
                    chain_scope: z.ZodLiteral<"edomex_only">;
                    generated_at: z.ZodString;
                }, z.core.$strip>>;
                chain: z.ZodArray<z.ZodObject<{
                    sequence_index: z.ZodNumber;
                    plate: z.ZodString;
                    entity: z.ZodString;
                    period_start: z.ZodNullable<z.ZodString>;
                    period_end: z.ZodNullable<z.ZodString>;
                    period_precision: z.ZodString;
                    is_current: z.ZodBoolean;
                    predecessor_plate: z.ZodNullable<z.ZodString>;
                    documents: z.ZodArray<z.ZodObject<{
                        file_id: z.ZodString;
                        ocr_id: z.ZodNullable<z.ZodString>;
                        source_kind: z.ZodString;
                        document_type: z.ZodNullable<z.ZodString>;
                        field_name: z.ZodNullable<z.ZodString>;
                        plate: z.ZodString;
                        folio: z.ZodNullable<z.ZodString>;
                        issued_at: z.ZodNullable<z.ZodString>;
                        date_source: z.ZodNullable<z.ZodString>;
                        valid_until: z.ZodNullable<z.ZodString>;
                        owner_name: z.ZodNullable<z.ZodString>;
                        niv: z.ZodNullable<z.ZodString>;
                        niv_matches_case_niv: z.ZodBoolean;
                        file_url: z.ZodNullable<z.ZodString>;
                    }, z.core.$strip>>;
                }, z.core.$strip>>;
                status: z.ZodEnum<{
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "generatePlateChain";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            niv: string | null;
            summary: {
                plate_count: number;
                current_plate: string | null;
                chain_scope: "edomex_only";
                generated_at: string;
            } | null;
            chain: {
                sequence_index: number;
                plate: string;
                entity: string;
                period_start: string | null;
                period_end: string | null;
                period_precision: string;
                is_current: boolean;
                predecessor_plate: string | null;
                documents: {
                    file_id: string;
                    ocr_id: string | null;
                    source_kind: string;
                    document_type: string | null;
                    field_name: string | null;
                    plate: string;
                    folio: string | null;
                    issued_at: string | null;
                    date_source: string | null;
                    valid_until: string | null;
                    owner_name: string | null;
                    niv: string | null;
                    niv_matches_case_niv: boolean;
                    file_url: string | null;
                }[];
            }[];
            status: "pending" | "processing" | "completed";
            message: string | null;
        };
        meta: object;
    }>;
    getOwnershipChain: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/ownership_chain";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Ownership chain of the case";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                summary: z.ZodNullable<z.ZodObject<{
                    owner_count: z.ZodNumber;
                    gap_count: z.ZodNumber;
                    current_owner: z.ZodNullable<z.ZodString>;
                    chain_pivot: z.ZodString;
                    generated_at: z.ZodString;
                }, z.core.$strip>>;
                chain: z.ZodArray<z.ZodObject<{
                    sequence_index: z.ZodOptional<z.ZodNumber>;
                    display_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    person_type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    role_label: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    is_current: z.ZodOptional<z.ZodBoolean>;
                    acquired_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    transferred_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    match_status: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    link_to_previous: z.ZodOptional<z.ZodUnknown>;
                    source_document: z.ZodOptional<z.ZodNullable<z.ZodObject<{
                        document_type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        folio: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        file_id: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>>>;
                }, z.core.$loose>>;
                gaps: z.ZodArray<z.ZodObject<{
                    gap_id: z.ZodOptional<z.ZodString>;
                    gap_type: z.ZodOptional<z.ZodString>;
                    from_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    to_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    related_sequence_indexes: z.ZodOptional<z.ZodArray<z.ZodNumber>>;
                }, z.core.$loose>>;
                status: z.ZodEnum<{
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getOwnershipChain";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            summary: {
                owner_count: number;
                gap_count: number;
                current_owner: string | null;
                chain_pivot: string;
                generated_at: string;
            } | null;
            chain: {
                [x: string]: unknown;
                sequence_index?: number | undefined;
                display_name?: string | null | undefined;
                person_type?: string | null | undefined;
                role_label?: string | null | undefined;
                is_current?: boolean | undefined;
                acquired_at?: string | null | undefined;
                transferred_at?: string | null | undefined;
                match_status?: string | null | undefined;
                link_to_previous?: unknown;
                source_document?: {
                    [x: string]: unknown;
                    document_type?: string | null | undefined;
                    folio?: string | null | undefined;
                    file_id?: string | null | undefined;
                } | null | undefined;
            }[];
            gaps: {
                [x: string]: unknown;
                gap_id?: string | undefined;
                gap_type?: string | undefined;
                from_owner?: string | null | undefined;
                to_owner?: string | null | undefined;
                related_sequence_indexes?: number[] | undefined;
            }[];
            status: "pending" | "processing" | "completed";
            message: string | null;
        };
        meta: object;
    }>;
    generateOwnershipChain: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/ownership_chain";
            readonly auth: "bearer";
            readonly group: "cases";
            readonly summary: "Start ownership chain generation (fire and forget)";
            readonly rejectsBody: true;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                internal_id: z.ZodString;
                summary: z.ZodNullable<z.ZodObject<{
                    owner_count: z.ZodNumber;
                    gap_count: z.ZodNumber;
                    current_owner: z.ZodNullable<z.ZodString>;
                    chain_pivot: z.ZodString;
                    generated_at: z.ZodString;
                }, z.core.$strip>>;
                chain: z.ZodArray<z.ZodObject<{
                    sequence_index: z.ZodOptional<z.ZodNumber>;
                    display_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    person_type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    role_label: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    is_current: z.ZodOptional<z.ZodBoolean>;
                    acquired_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    transferred_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    match_status: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    link_to_previous: z.ZodOptional<z.ZodUnknown>;
                    source_document: z.ZodOptional<z.ZodNullable<z.ZodObject<{
                        document_type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        folio: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        file_id: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>>>;
                }, z.core.$loose>>;
                gaps: z.ZodArray<z.ZodObject<{
                    gap_id: z.ZodOptional<z.ZodString>;
                    gap_type: z.ZodOptional<z.ZodString>;
                    from_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    to_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    related_sequence_indexes: z.ZodOptional<z.ZodArray<z.ZodNumber>>;
                }, z.core.$loose>>;
                status: z.ZodEnum<{
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "generateOwnershipChain";
        }>;
        output: {
            case_id: string;
            internal_id: string;
            summary: {
                owner_count: number;
                gap_count: number;
                current_owner: string | null;
                chain_pivot: string;
                generated_at: string;
            } | null;
            chain: {
                [x: string]: unknown;
                sequence_index?: number | undefined;
                display_name?: string | null | undefined;
                person_type?: string | null | undefined;
                role_label?: string | null | undefined;
                is_current?: boolean | undefined;
                acquired_at?: string | null | undefined;
                transferred_at?: string | null | undefined;
                match_status?: string | null | undefined;
                link_to_previous?: unknown;
                source_document?: {
                    [x: string]: unknown;
                    document_type?: string | null | undefined;
                    folio?: string | null | undefined;
                    file_id?: string | null | undefined;
                } | null | undefined;
            }[];
            gaps: {
                [x: string]: unknown;
                gap_id?: string | undefined;
                gap_type?: string | undefined;
                from_owner?: string | null | undefined;
                to_owner?: string | null | undefined;
                related_sequence_indexes?: number[] | undefined;
            }[];
            status: "pending" | "processing" | "completed";
            message: string | null;
        };
        meta: object;
    }>;
    getRepuve: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/repuve";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Most recent REPUVE registry record";
            readonly response: z.ZodObject<{
                codigo: z.ZodEnum<{
                    error: "error";
                    processing: "processing";
                    ok: "ok";
                }>;
                info: z.ZodNullable<z.ZodObject<{
                    niv: z.ZodString;
                    placa: z.ZodNullable<z.ZodString>;
                    marca: z.ZodString;
                    modelo: z.ZodString;
                    tipo: z.ZodString;
                    clase: z.ZodString;
                    anio_modelo: z.ZodNumber;
                    entidad_emplacado: z.ZodNullable<z.ZodString>;
                    fecha_inscripcion: z.ZodNullable<z.ZodString>;
                    fecha_actualizacion: z.ZodNullable<z.ZodString>;
                    reporte_robo: z.ZodArray<z.ZodObject<{
                        tipo_reporte: z.ZodString;
                        estatus: z.ZodString;
                    }, z.core.$strip>>;
                    robo_usa_can: z.ZodObject<{
                        tiene_robo: z.ZodBoolean;
                    }, z.core.$strip>;
                    aviso_judicial: z.ZodObject<{
                        tiene_aviso_judicial: z.ZodBoolean;
                    }, z.core.$strip>;
                }, z.core.$strip>>;
                job_id: z.ZodString;
                job_status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getRepuve";
        }>;
        output: {
            codigo: "error" | "processing" | "ok";
            info: {
                niv: string;
                placa: string | null;
                marca: string;
                modelo: string;
                tipo: string;
                clase: string;
                anio_modelo: number;
                entidad_emplacado: string | null;
                fecha_inscripcion: string | null;
                fecha_actualizacion: string | null;
                reporte_robo: {
                    tipo_reporte: string;
                    estatus: string;
                }[];
                robo_usa_can: {
                    tiene_robo: boolean;
                };
                aviso_judicial: {
                    tiene_aviso_judicial: boolean;
                };
            } | null;
            job_id: string;
            job_status: "error" | "pending" | "processing" | "completed";
        };
        meta: object;
    }>;
    getPedimento: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/pedimento";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Most recent customs-entry (pedimento) result";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                job_id: z.ZodString;
                status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                source: z.ZodString;
                result: z.ZodNullable<z.ZodObject<{
                    success: z.ZodBoolean;
                    data: z.ZodNullable<z.ZodObject<{
                        pedimento: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        aduana: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                        vin: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getPedimento";
        }>;
        output: {
            case_id: string;
            job_id: string;
            status: "error" | "pending" | "processing" | "completed";
            source: string;
            result: {
                success: boolean;
                data: {
                    [x: string]: unknown;
                    pedimento?: string | null | undefined;
                    aduana?: string | null | undefined;
                    vin?: string | null | undefined;
                } | null;
            } | null;
        };
        meta: object;
    }>;
    startPedimento: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/pedimento";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Look up the customs entry of the case's primary invoice";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startPedimento";
        }>;
        output: {
            job_id: string;
            status: "pending";
        };
        meta: object;
    }>;
    getRapi: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/rapi";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Most recent criminal-activity registry (RAPI) result";
            readonly response: z.ZodObject<{
                case_id: z.ZodOptional<z.ZodString>;
                job_id: z.ZodString;
                result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getRapi";
        }>;
        output: {
            job_id: string;
            result: Record<string, unknown> | null;
            status: "error" | "pending" | "processing" | "completed";
            message: string | null;
            case_id?: string | undefined;
        };
        meta: object;
    }>;
    startRapi: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/rapi";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Look up the case's primary VIN in RAPI";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                vin: z.ZodString;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startRapi";
        }>;
        output: {
            job_id: string;
            vin: string;
            status: "pending";
        };
        meta: object;
    }>;
    getRenapo: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/renapo";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Most recent CURP validation";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                source: z.ZodLiteral<"renapo">;
                status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    completed: "completed";
                }>;
                query_count: z.ZodNumber;
                completed_count: z.ZodNumber;
                data: z.ZodObject<{
                    job_id: z.ZodString;
                    created_at: z.ZodString;
                    status: z.ZodEnum<{
                        error: "error";
                        pending: "pending";
                        processing: "processing";
                        completed: "completed";
                    }>;
                    curp: z.ZodString;
                    probative_doc_url: z.ZodNullable<z.ZodString>;
                    person: z.ZodNullable<z.ZodObject<{
                        first_name: z.ZodNullable<z.ZodString>;
                        paternal_surname: z.ZodNullable<z.ZodString>;
                        maternal_surname: z.ZodNullable<z.ZodString>;
                        birth_date: z.ZodNullable<z.ZodString>;
                        birth_state: z.ZodNullable<z.ZodString>;
                        birth_country: z.ZodNullable<z.ZodString>;
                        sex: z.ZodNullable<z.ZodString>;
                        curp_status: z.ZodNullable<z.ZodString>;
                        validation_status: z.ZodNullable<z.ZodString>;
                        validation_code: z.ZodNullable<z.ZodString>;
                        message_code: z.ZodNullable<z.ZodString>;
                        probative_doc: z.ZodNullable<z.ZodString>;
                    }, z.core.$strip>>;
                    probative_doc_data: z.ZodNullable<z.ZodObject<{
                        registration_year: z.ZodNullable<z.ZodString>;
                        state_key: z.ZodNullable<z.ZodString>;
                        municipality_key: z.ZodNullable<z.ZodString>;
                        state: z.ZodNullable<z.ZodString>;
                        municipality: z.ZodNullable<z.ZodString>;
                        foja: z.ZodNullable<z.ZodString>;
                        folio: z.ZodNullable<z.ZodString>;
                        book: z.ZodNullable<z.ZodString>;
                        tome: z.ZodNullable<z.ZodString>;
                        act_number: z.ZodNullable<z.ZodString>;
                        foreign_registry_number: z.ZodNullable<z.ZodString>;
                    }, z.core.$strip>>;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getRenapo";
        }>;
        output: {
            case_id: string;
            source: "renapo";
            status: "error" | "pending" | "completed";
            query_count: number;
            completed_count: number;
            data: {
                job_id: string;
                created_at: string;
                status: "error" | "pending" | "processing" | "completed";
                curp: string;
                probative_doc_url: string | null;
                person: {
                    first_name: string | null;
                    paternal_surname: string | null;
                    maternal_surname: string | null;
                    birth_date: string | null;
                    birth_state: string | null;
                    birth_country: string | null;
                    sex: string | null;
                    curp_status: string | null;
                    validation_status: string | null;
                    validation_code: string | null;
                    message_code: string | null;
                    probative_doc: string | null;
                } | null;
                probative_doc_data: {
                    registration_year: string | null;
                    state_key: string | null;
                    municipality_key: string | null;
                    state: string | null;
                    municipality: string | null;
                    foja: string | null;
                    folio: string | null;
                    book: string | null;
                    tome: string | null;
                    act_number: string | null;
                    foreign_registry_number: string | null;
                } | null;
            };
        };
        meta: object;
    }>;
    startRenapo: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/renapo";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Validate the CURP found in the case's documents";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                curp: z.ZodString;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startRenapo";
        }>;
        output: {
            job_id: string;
            curp: string;
            status: "pending";
        };
        meta: object;
    }>;
    getCreditBureau: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/circulo-credito";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Most recent credit-bureau vehicle report";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                source: z.ZodString;
                status: z.ZodEnum<{
                    error: "error";
                    pending: "pending";
                    processing: "processing";
                    completed: "completed";
                }>;
                query_count: z.ZodNumber;
                completed_count: z.ZodNumber;
                data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                document: z.ZodNullable<z.ZodObject<{
                    url: z.ZodString;
                    uuid: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getCreditBureau";
        }>;
        output: {
            case_id: string;
            source: string;
            status: "error" | "pending" | "processing" | "completed";
            query_count: number;
            completed_count: number;
            data: Record<string, unknown> | null;
            document: {
                url: string;
                uuid: string;
            } | null;
        };
        meta: object;
    }>;
    startCreditBureau: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/circulo-credito";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Request the credit-bureau vehicle report and its verification PDF";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                vin: z.ZodString;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startCreditBureau";
        }>;
        output: {
            job_id: string;
            vin: string;
            status: "pending";
        };
        meta: object;
    }>;
    getTickets: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/tickets";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Infractions of the case's plates (read-only)";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                status: z.ZodEnum<{
                    processing: "processing";
                    completed: "completed";
                }>;
                message: z.ZodNullable<z.ZodString>;
                result: z.ZodArray<z.ZodObject<{
                    plate_number: z.ZodString;
                    state: z.ZodNullable<z.ZodString>;
                    ticket_date: z.ZodNullable<z.ZodString>;
                    amount: z.ZodUnion<readonly [z.ZodNumber, z.ZodString, z.ZodNull]>;
                    status: z.ZodEnum<{
                        success: "success";
                        processing: "processing";
                        warning: "warning";
                        failed: "failed";
                    }>;
                    message: z.ZodString;
                }, z.core.$strict>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getTickets";
        }>;
        output: {
            case_id: string;
            status: "processing" | "completed";
            message: string | null;
            result: {
                plate_number: string;
                state: string | null;
                ticket_date: string | null;
                amount: string | number | null;
                status: "success" | "processing" | "warning" | "failed";
                message: string;
            }[];
        };
        meta: object;
    }>;
    startTickets: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/tickets";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Look up infractions of every plate of the case";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                plates: z.ZodArray<z.ZodString>;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startTickets";
        }>;
        output: {
            job_id: string;
            plates: string[];
            status: "pending";
        };
        meta: object;
    }>;
    getTaxes: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/taxes";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Tenencia (vehicle tax) of the case's plates (read-only)";
            readonly response: z.ZodObject<{
                main_tax: z.ZodObject<{
                    message: z.ZodNullable<z.ZodString>;
                    status: z.ZodEnum<{
                        processing: "processing";
                        completed: "completed";
                    }>;
                    result: z.ZodArray<z.ZodObject<{
                        fiscal_year: z.ZodNumber;
                        plate_number: z.ZodString;
                        state: z.ZodNullable<z.ZodString>;
                        document: z.ZodObject<{
                            status: z.ZodEnum<{
                                success: "success";
                                processing: "processing";
                                warning: "warning";
                                failed: "failed";
                            }>;
                            message: z.ZodString;
                        }, z.core.$strip>;
                        source: z.ZodObject<{
                            status: z.ZodEnum<{
                                success: "success";
                                processing: "processing";
                                warning: "warning";
                                failed: "failed";
                            }>;
                            message: z.ZodString;
                        }, z.core.$strip>;
                        payment_date: z.ZodNullable<z.ZodString>;
                        total: z.ZodUnion<readonly [z.ZodNumber, z.ZodString, z.ZodNull]>;
                    }, z.core.$strip>>;
                }, z.core.$strip>;
                taxes: z.ZodObject<{
                    message: z.ZodNullable<z.ZodString>;
                    status: z.ZodEnum<{
                        processing: "processing";
                        completed: "completed";
                    }>;
                    result: z.ZodArray<z.ZodObject<{
                        plate_number: z.ZodString;
                        state: z.ZodNullable<z.ZodString>;
                        fiscal_year: z.ZodNullable<z.ZodNumber>;
                        status: z.ZodObject<{
                            status: z.ZodEnum<{
                                success: "success";
                                processing: "processing";
                                warning: "warning";
                                failed: "failed";
                            }>;
                            message: z.ZodString;
                        }, z.core.$strip>;
                        payment_date: z.ZodNullable<z.ZodString>;
                        total: z.ZodUnion<readonly [z.ZodNumber, z.ZodString, z.ZodNull]>;
                    }, z.core.$strip>>;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getTaxes";
        }>;
        output: {
            main_tax: {
                message: string | null;
                status: "processing" | "completed";
                result: {
                    fiscal_year: number;
                    plate_number: string;
                    state: string | null;
                    document: {
                        status: "success" | "processing" | "warning" | "failed";
                        message: string;
                    };
                    source: {
                        status: "success" | "processing" | "warning" | "failed";
                        message: string;
                    };
                    payment_date: string | null;
                    total: string | number | null;
                }[];
            };
            taxes: {
                message: string | null;
                status: "processing" | "completed";
                result: {
                    plate_number: string;
                    state: string | null;
                    fiscal_year: number | null;
                    status: {
                        status: "success" | "processing" | "warning" | "failed";
                        message: string;
                    };
                    payment_date: string | null;
                    total: string | number | null;
                }[];
            };
        };
        meta: object;
    }>;
    startTaxes: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/cases/{case_id}/taxes";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Look up tenencia of every plate of the case";
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                plates: z.ZodArray<z.ZodString>;
                status: z.ZodLiteral<"pending">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "startTaxes";
        }>;
        output: {
            job_id: string;
            plates: string[];
            status: "pending";
        };
        meta: object;
    }>;
    getInvoices: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/cases/{case_id}/invoices";
            readonly auth: "bearer";
            readonly group: "lookups";
            readonly summary: "Invoices of the case with their background checks";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                invoices: z.ZodArray<z.ZodObject<{
                    file_id: z.ZodString;
                    file_url: z.ZodNullable<z.ZodString>;
                    data: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodObject<{
                        db_field: z.ZodString;
                        label: z.ZodString;
                        text: z.ZodNullable<z.ZodString>;
                    }, z.core.$strip>>>;
                    updated_at: z.ZodNullable<z.ZodString>;
                    validate_invoice: z.ZodObject<{
                        status: z.ZodEnum<{
                            processing: "processing";
                            completed: "completed";
                        }>;
                        message: z.ZodNullable<z.ZodString>;
                        result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                        updated_at: z.ZodNullable<z.ZodString>;
                    }, z.core.$strict>;
                    consulta_pedimento: z.ZodObject<{
                        status: z.ZodEnum<{
                            processing: "processing";
                            completed: "completed";
                        }>;
                        message: z.ZodNullable<z.ZodString>;
                        result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                        updated_at: z.ZodNullable<z.ZodString>;
                    }, z.core.$strict>;
                    amda_invoice: z.ZodObject<{
                        status: z.ZodEnum<{
                            processing: "processing";
                            completed: "completed";
                        }>;
                        message: z.ZodNullable<z.ZodString>;
                        result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                        updated_at: z.ZodNullable<z.ZodString>;
                    }, z.core.$strict>;
                    amis: z.ZodObject<{
                        status: z.ZodEnum<{
                            processing: "processing";
                            completed: "completed";
                        }>;
                        message: z.ZodNullable<z.ZodString>;
                        result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                        updated_at: z.ZodNullable<z.ZodString>;
                    }, z.core.$strict>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getInvoices";
        }>;
        output: {
            case_id: string;
            invoices: {
                file_id: string;
                file_url: string | null;
                data: Record<string, {
                    db_field: string;
                    label: string;
                    text: string | null;
                }> | null;
                updated_at: string | null;
                validate_invoice: {
                    status: "processing" | "completed";
                    message: string | null;
                    result: Record<string, unknown> | null;
                    updated_at: string | null;
                };
                consulta_pedimento: {
                    status: "processing" | "completed";
                    message: string | null;
                    result: Record<string, unknown> | null;
                    updated_at: string | null;
                };
                amda_invoice: {
                    status: "processing" | "completed";
                    message: string | null;
                    result: Record<string, unknown> | null;
                    updated_at: string | null;
                };
                amis: {
                    status: "processing" | "completed";
                    message: string | null;
                    result: Record<string, unknown> | null;
                    updated_at: string | null;
                };
            }[];
        };
        meta: object;
    }>;
    listDocuments: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/documents";
            readonly auth: "bearer";
            readonly group: "documents";
            readonly summary: "Paginated list of the company's documents";
            readonly query: z.ZodObject<{
                limit: z.ZodDefault<z.ZodOptional<z.ZodPipe<z.ZodPreprocess<z.ZodNumber, unknown>, z.ZodNumber>>>;
                offset: z.ZodDefault<z.ZodOptional<z.ZodPipe<z.ZodPreprocess<z.ZodNumber, unknown>, z.ZodNumber>>>;
                case_id: z.ZodOptional<z.ZodString>;
                document_id: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                data: z.ZodArray<z.ZodObject<{
                    document_id: z.ZodString;
                    case_id: z.ZodString;
                    type: z.ZodNullable<z.ZodString>;
                    mime_type: z.ZodNullable<z.ZodString>;
                    status: z.ZodNullable<z.ZodEnum<{
                        error: "error";
                        processing: "processing";
                        uploaded: "uploaded";
                        processed: "processed";
                    }>>;
                    url: z.ZodNullable<z.ZodString>;
                    created_at: z.ZodString;
                    active: z.ZodBoolean;
                }, z.core.$strip>>;
                pagination: z.ZodObject<{
                    limit: z.ZodNumber;
                    offset: z.ZodNumber;
                    total: z.ZodNumber;
                    has_more: z.ZodBoolean;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "listDocuments";
        }>;
        output: {
            data: {
                document_id: string;
                case_id: string;
                type: string | null;
                mime_type: string | null;
                status: "error" | "processing" | "processed" | "uploaded" | null;
                url: string | null;
                created_at: string;
                active: boolean;
            }[];
            pagination: {
                limit: number;
                offset: number;
                total: number;
                has_more: boolean;
            };
        };
        meta: object;
    }>;
    uploadDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/documents";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Upload a document to a case";
            readonly body: z.ZodObject<{
                case_id: z.ZodString;
                mime_type: z.ZodPipe<z.ZodString, z.ZodEnum<{
                    "application/pdf": "application/pdf";
                    "application/xml": "application/xml";
                    "image/jpeg": "image/jpeg";
                    "image/jpg": "image/jpg";
                    "image/png": "image/png";
                    "image/tiff": "image/tiff";
                    "image/tif": "image/tif";
                    "image/x-tiff": "image/x-tiff";
                }>>;
                url: z.ZodOptional<z.ZodURL>;
                base64: z.ZodOptional<z.ZodString>;
                type: z.ZodOptional<z.ZodString>;
                parent_file_id: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly wireBody: z.ZodObject<{
                case_id: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                mime_type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                url: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                base64: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                parent_file_id: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            }, z.core.$strip>;
            readonly bodyCheck: typeof _vcase_shared.checkUploadDocumentBody;
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                url: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 201;
        } & {
            id: "uploadDocument";
        }>;
        output: {
            document_id: string;
            url: string;
        };
        meta: object;
    }>;
    getDocument: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/documents/{document_id}";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Document metadata, OCR and extracted data";
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                url: z.ZodNullable<z.ZodString>;
                mime_type: z.ZodNullable<z.ZodString>;
                type: z.ZodNullable<z.ZodString>;
                json_ocr: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                parsed_data: z.ZodNullable<z.ZodObject<{
                    vin: z.ZodOptional<z.ZodString>;
                    placa: z.ZodOptional<z.ZodString>;
                    entidad: z.ZodOptional<z.ZodEnum<{
                        AGU: "AGU";
                        BCN: "BCN";
                        BCS: "BCS";
                        CAM: "CAM";
                        CHH: "CHH";
                        CHP: "CHP";
                        CMX: "CMX";
                        COA: "COA";
                        COL: "COL";
                        DUR: "DUR";
                        GRO: "GRO";
                        GUA: "GUA";
                        HID: "HID";
                        JAL: "JAL";
                        MEX: "MEX";
                        MIC: "MIC";
                        MOR: "MOR";
                        NAY: "NAY";
                        NLE: "NLE";
                        OAX: "OAX";
                        PUE: "PUE";
                        QUE: "QUE";
                        ROO: "ROO";
                        SIN: "SIN";
                        SLP: "SLP";
                        SON: "SON";
                        TAB: "TAB";
                        TAM: "TAM";
                        TLA: "TLA";
                        VER: "VER";
                        YUC: "YUC";
                        ZAC: "ZAC";
                    }>>;
                    fecha_documento: z.ZodOptional<z.ZodString>;
                    numero_motor: z.ZodOptional<z.ZodString>;
                    propietario: z.ZodOptional<z.ZodString>;
                    folio: z.ZodOptional<z.ZodString>;
                    ejercicio_fiscal: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodArray<z.ZodNumber>]>>;
                    fecha_pago: z.ZodOptional<z.ZodString>;
                    total: z.ZodOptional<z.ZodNumber>;
                    rfc_emisor: z.ZodOptional<z.ZodString>;
                    nombre_emisor: z.ZodOptional<z.ZodString>;
                    rfc_receptor: z.ZodOptional<z.ZodString>;
                    nombre_receptor: z.ZodOptional<z.ZodString>;
                    monto_total: z.ZodOptional<z.ZodNumber>;
                    fecha_emision: z.ZodOptional<z.ZodString>;
                    folio_fiscal: z.ZodOptional<z.ZodString>;
                    pedimento: z.ZodOptional<z.ZodString>;
                    aduana: z.ZodOptional<z.ZodString>;
                    ano_vehiculo: z.ZodOptional<z.ZodNumber>;
                    marca: z.ZodOptional<z.ZodString>;
                    modelo: z.ZodOptional<z.ZodString>;
                    anio_modelo: z.ZodOptional<z.ZodNumber>;
                    endosos: z.ZodOptional<z.ZodArray<z.ZodObject<{
                        de: z.ZodString;
                        a: z.ZodString;
                        fecha: z.ZodString;
                    }, z.core.$strip>>>;
                    nombre: z.ZodOptional<z.ZodString>;
                    apellido_paterno: z.ZodOptional<z.ZodString>;
                    apellido_materno: z.ZodOptional<z.ZodString>;
                    curp: z.ZodOptional<z.ZodString>;
                    clave_elector: z.ZodOptional<z.ZodString>;
                    fecha_nacimiento: z.ZodOptional<z.ZodString>;
                }, z.core.$loose>>;
                validity: z.ZodObject<{
                    document_validity: z.ZodString;
                    codes: z.ZodArray<z.ZodString>;
                    userInfo: z.ZodObject<{
                        nombre: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getDocument";
        }>;
        output: {
            case_id: string;
            url: string | null;
            mime_type: string | null;
            type: string | null;
            json_ocr: Record<string, unknown> | null;
            parsed_data: {
                [x: string]: unknown;
                vin?: string | undefined;
                placa?: string | undefined;
                entidad?: "AGU" | "BCN" | "BCS" | "CAM" | "CHH" | "CHP" | "CMX" | "COA" | "COL" | "DUR" | "GRO" | "GUA" | "HID" | "JAL" | "MEX" | "MIC" | "MOR" | "NAY" | "NLE" | "OAX" | "PUE" | "QUE" | "ROO" | "SIN" | "SLP" | "SON" | "TAB" | "TAM" | "TLA" | "VER" | "YUC" | "ZAC" | undefined;
                fecha_documento?: string | undefined;
                numero_motor?: string | undefined;
                propietario?: string | undefined;
                folio?: string | undefined;
                ejercicio_fiscal?: number | number[] | undefined;
                fecha_pago?: string | undefined;
                total?: number | undefined;
                rfc_emisor?: string | undefined;
                nombre_emisor?: string | undefined;
                rfc_receptor?: string | undefined;
                nombre_receptor?: string | undefined;
                monto_total?: number | undefined;
                fecha_emision?: string | undefined;
                folio_fiscal?: string | undefined;
                pedimento?: string | undefined;
                aduana?: string | undefined;
                ano_vehiculo?: number | undefined;
                marca?: string | undefined;
                modelo?: string | undefined;
                anio_modelo?: number | undefined;
                endosos?: {
                    de: string;
                    a: string;
                    fecha: string;
                }[] | undefined;
                nombre?: string | undefined;
                apellido_paterno?: string | undefined;
                apellido_materno?: string | undefined;
                curp?: string | undefined;
                clave_elector?: string | undefined;
                fecha_nacimiento?: string | undefined;
            } | null;
            validity: {
                document_validity: string;
                codes: string[];
                userInfo: {
                    [x: string]: unknown;
                    nombre?: string | null | undefined;
                };
            };
        };
        meta: object;
    }>;
    getDocumentExtractionData: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/v1/documents/{document_id}/extraction-data";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Advanced extraction: validity, QR/barcodes, owner info";
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                validity: z.ZodObject<{
                    document_validity: z.ZodString;
                    codes: z.ZodArray<z.ZodString>;
                    userInfo: z.ZodObject<{
                        nombre: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>;
                }, z.core.$strip>;
                codes: z.ZodArray<z.ZodObject<{
                    kind: z.ZodEnum<{
                        qr: "qr";
                        barcode: "barcode";
                    }>;
                    value: z.ZodString;
                }, z.core.$strip>>;
                owner: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getDocumentExtractionData";
        }>;
        output: {
            document_id: string;
            validity: {
                document_validity: string;
                codes: string[];
                userInfo: {
                    [x: string]: unknown;
                    nombre?: string | null | undefined;
                };
            };
            codes: {
                kind: "qr" | "barcode";
                value: string;
            }[];
            owner: Record<string, unknown> | null;
        };
        meta: object;
    }>;
    deleteDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "DELETE";
            readonly path: "/v1/documents/{document_id}";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Soft-delete a document";
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                active: z.ZodLiteral<false>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "deleteDocument";
        }>;
        output: {
            document_id: string;
            active: false;
        };
        meta: object;
    }>;
    restoreDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/documents/{document_id}/restore";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Restore a soft-deleted document";
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                active: z.ZodLiteral<true>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "restoreDocument";
        }>;
        output: {
            document_id: string;
            active: true;
        };
        meta: object;
    }>;
    patchDocumentOcr: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "PATCH";
            readonly path: "/v1/documents/{document_id}/ocr";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Inject OCR manually; the document becomes processed";
            readonly body: z.ZodObject<{
                parsed_data: z.ZodObject<{
                    vin: z.ZodOptional<z.ZodString>;
                    placa: z.ZodOptional<z.ZodString>;
                    entidad: z.ZodOptional<z.ZodEnum<{
                        AGU: "AGU";
                        BCN: "BCN";
                        BCS: "BCS";
                        CAM: "CAM";
                        CHH: "CHH";
                        CHP: "CHP";
                        CMX: "CMX";
                        COA: "COA";
                        COL: "COL";
                        DUR: "DUR";
                        GRO: "GRO";
                        GUA: "GUA";
                        HID: "HID";
                        JAL: "JAL";
                        MEX: "MEX";
                        MIC: "MIC";
                        MOR: "MOR";
                        NAY: "NAY";
                        NLE: "NLE";
                        OAX: "OAX";
                        PUE: "PUE";
                        QUE: "QUE";
                        ROO: "ROO";
                        SIN: "SIN";
                        SLP: "SLP";
                        SON: "SON";
                        TAB: "TAB";
                        TAM: "TAM";
                        TLA: "TLA";
                        VER: "VER";
                        YUC: "YUC";
                        ZAC: "ZAC";
                    }>>;
                    fecha_documento: z.ZodOptional<z.ZodString>;
                    numero_motor: z.ZodOptional<z.ZodString>;
                    propietario: z.ZodOptional<z.ZodString>;
                    folio: z.ZodOptional<z.ZodString>;
                    ejercicio_fiscal: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodArray<z.ZodNumber>]>>;
                    fecha_pago: z.ZodOptional<z.ZodString>;
                    total: z.ZodOptional<z.ZodNumber>;
                    rfc_emisor: z.ZodOptional<z.ZodString>;
                    nombre_emisor: z.ZodOptional<z.ZodString>;
                    rfc_receptor: z.ZodOptional<z.ZodString>;
                    nombre_receptor: z.ZodOptional<z.ZodString>;
                    monto_total: z.ZodOptional<z.ZodNumber>;
                    fecha_emision: z.ZodOptional<z.ZodString>;
                    folio_fiscal: z.ZodOptional<z.ZodString>;
                    pedimento: z.ZodOptional<z.ZodString>;
                    aduana: z.ZodOptional<z.ZodString>;
                    ano_vehiculo: z.ZodOptional<z.ZodNumber>;
                    marca: z.ZodOptional<z.ZodString>;
                    modelo: z.ZodOptional<z.ZodString>;
                    anio_modelo: z.ZodOptional<z.ZodNumber>;
                    endosos: z.ZodOptional<z.ZodArray<z.ZodObject<{
                        de: z.ZodString;
                        a: z.ZodString;
                        fecha: z.ZodString;
                    }, z.core.$strip>>>;
                    nombre: z.ZodOptional<z.ZodString>;
                    apellido_paterno: z.ZodOptional<z.ZodString>;
                    apellido_materno: z.ZodOptional<z.ZodString>;
                    curp: z.ZodOptional<z.ZodString>;
                    clave_elector: z.ZodOptional<z.ZodString>;
                    fecha_nacimiento: z.ZodOptional<z.ZodString>;
                }, z.core.$loose>;
                json_ocr: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                type: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                case_id: z.ZodString;
                url: z.ZodNullable<z.ZodString>;
                mime_type: z.ZodNullable<z.ZodString>;
                type: z.ZodNullable<z.ZodString>;
                json_ocr: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                parsed_data: z.ZodNullable<z.ZodObject<{
                    vin: z.ZodOptional<z.ZodString>;
                    placa: z.ZodOptional<z.ZodString>;
                    entidad: z.ZodOptional<z.ZodEnum<{
                        AGU: "AGU";
                        BCN: "BCN";
                        BCS: "BCS";
                        CAM: "CAM";
                        CHH: "CHH";
                        CHP: "CHP";
                        CMX: "CMX";
                        COA: "COA";
                        COL: "COL";
                        DUR: "DUR";
                        GRO: "GRO";
                        GUA: "GUA";
                        HID: "HID";
                        JAL: "JAL";
                        MEX: "MEX";
                        MIC: "MIC";
                        MOR: "MOR";
                        NAY: "NAY";
                        NLE: "NLE";
                        OAX: "OAX";
                        PUE: "PUE";
                        QUE: "QUE";
                        ROO: "ROO";
                        SIN: "SIN";
                        SLP: "SLP";
                        SON: "SON";
                        TAB: "TAB";
                        TAM: "TAM";
                        TLA: "TLA";
                        VER: "VER";
                        YUC: "YUC";
                        ZAC: "ZAC";
                    }>>;
                    fecha_documento: z.ZodOptional<z.ZodString>;
                    numero_motor: z.ZodOptional<z.ZodString>;
                    propietario: z.ZodOptional<z.ZodString>;
                    folio: z.ZodOptional<z.ZodString>;
                    ejercicio_fiscal: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodArray<z.ZodNumber>]>>;
                    fecha_pago: z.ZodOptional<z.ZodString>;
                    total: z.ZodOptional<z.ZodNumber>;
                    rfc_emisor: z.ZodOptional<z.ZodString>;
                    nombre_emisor: z.ZodOptional<z.ZodString>;
                    rfc_receptor: z.ZodOptional<z.ZodString>;
                    nombre_receptor: z.ZodOptional<z.ZodString>;
                    monto_total: z.ZodOptional<z.ZodNumber>;
                    fecha_emision: z.ZodOptional<z.ZodString>;
                    folio_fiscal: z.ZodOptional<z.ZodString>;
                    pedimento: z.ZodOptional<z.ZodString>;
                    aduana: z.ZodOptional<z.ZodString>;
                    ano_vehiculo: z.ZodOptional<z.ZodNumber>;
                    marca: z.ZodOptional<z.ZodString>;
                    modelo: z.ZodOptional<z.ZodString>;
                    anio_modelo: z.ZodOptional<z.ZodNumber>;
                    endosos: z.ZodOptional<z.ZodArray<z.ZodObject<{
                        de: z.ZodString;
                        a: z.ZodString;
                        fecha: z.ZodString;
                    }, z.core.$strip>>>;
                    nombre: z.ZodOptional<z.ZodString>;
                    apellido_paterno: z.ZodOptional<z.ZodString>;
                    apellido_materno: z.ZodOptional<z.ZodString>;
                    curp: z.ZodOptional<z.ZodString>;
                    clave_elector: z.ZodOptional<z.ZodString>;
                    fecha_nacimiento: z.ZodOptional<z.ZodString>;
                }, z.core.$loose>>;
                validity: z.ZodObject<{
                    document_validity: z.ZodString;
                    codes: z.ZodArray<z.ZodString>;
                    userInfo: z.ZodObject<{
                        nombre: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                    }, z.core.$loose>;
                }, z.core.$strip>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "patchDocumentOcr";
        }>;
        output: {
            case_id: string;
            url: string | null;
            mime_type: string | null;
            type: string | null;
            json_ocr: Record<string, unknown> | null;
            parsed_data: {
                [x: string]: unknown;
                vin?: string | undefined;
                placa?: string | undefined;
                entidad?: "AGU" | "BCN" | "BCS" | "CAM" | "CHH" | "CHP" | "CMX" | "COA" | "COL" | "DUR" | "GRO" | "GUA" | "HID" | "JAL" | "MEX" | "MIC" | "MOR" | "NAY" | "NLE" | "OAX" | "PUE" | "QUE" | "ROO" | "SIN" | "SLP" | "SON" | "TAB" | "TAM" | "TLA" | "VER" | "YUC" | "ZAC" | undefined;
                fecha_documento?: string | undefined;
                numero_motor?: string | undefined;
                propietario?: string | undefined;
                folio?: string | undefined;
                ejercicio_fiscal?: number | number[] | undefined;
                fecha_pago?: string | undefined;
                total?: number | undefined;
                rfc_emisor?: string | undefined;
                nombre_emisor?: string | undefined;
                rfc_receptor?: string | undefined;
                nombre_receptor?: string | undefined;
                monto_total?: number | undefined;
                fecha_emision?: string | undefined;
                folio_fiscal?: string | undefined;
                pedimento?: string | undefined;
                aduana?: string | undefined;
                ano_vehiculo?: number | undefined;
                marca?: string | undefined;
                modelo?: string | undefined;
                anio_modelo?: number | undefined;
                endosos?: {
                    de: string;
                    a: string;
                    fecha: string;
                }[] | undefined;
                nombre?: string | undefined;
                apellido_paterno?: string | undefined;
                apellido_materno?: string | undefined;
                curp?: string | undefined;
                clave_elector?: string | undefined;
                fecha_nacimiento?: string | undefined;
            } | null;
            validity: {
                document_validity: string;
                codes: string[];
                userInfo: {
                    [x: string]: unknown;
                    nombre?: string | null | undefined;
                };
            };
        };
        meta: object;
    }>;
    classifyDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/documents/{document_id}/classify";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Classify a document: manual with {type}, automatic without";
            readonly body: z.ZodOptional<z.ZodObject<{
                type: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                type: z.ZodNullable<z.ZodString>;
                document_subtype: z.ZodNullable<z.ZodString>;
                method: z.ZodEnum<{
                    manual: "manual";
                    automatic: "automatic";
                }>;
                confidence: z.ZodNullable<z.ZodNumber>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "classifyDocument";
        }>;
        output: {
            document_id: string;
            type: string | null;
            document_subtype: string | null;
            method: "manual" | "automatic";
            confidence: number | null;
        };
        meta: object;
    }>;
    processDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/documents/{document_id}/process";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Trigger automatic OCR";
            readonly response: z.ZodObject<{
                document_id: z.ZodString;
                job_id: z.ZodString;
                status: z.ZodLiteral<"processing">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "processDocument";
        }>;
        output: {
            document_id: string;
            job_id: string;
            status: "processing";
        };
        meta: object;
    }>;
    reclassifyDocument: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/v1/documents/{document_id}/reclassify";
            readonly auth: "bearerOrApiKey";
            readonly group: "documents";
            readonly summary: "Change the type and reprocess";
            readonly body: z.ZodObject<{
                type: z.ZodString;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "reclassifyDocument";
        }>;
        output: {
            job_id: string;
        };
        meta: object;
    }>;
    submitIne: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/documents/ine";
            readonly auth: "bearer";
            readonly group: "ine";
            readonly summary: "Submit a voter ID (front, optional back) for validation";
            readonly body: z.ZodObject<{
                front: z.ZodString;
                back: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly bodyCheck: typeof _vcase_shared.checkIneSubmitBody;
            readonly wireBody: z.ZodObject<{
                front: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                back: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                job_id: z.ZodString;
                status: z.ZodLiteral<"processing">;
            }, z.core.$strip>;
            readonly successStatus: 202;
        } & {
            id: "submitIne";
        }>;
        output: {
            job_id: string;
            status: "processing";
        };
        meta: object;
    }>;
    getIne: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/documents/ine/{job_id}";
            readonly auth: "bearer";
            readonly group: "ine";
            readonly summary: "Result of a voter ID validation";
            readonly response: z.ZodObject<{
                status: z.ZodEnum<{
                    error: "error";
                    processing: "processing";
                    completed: "completed";
                }>;
                data: z.ZodNullable<z.ZodObject<{
                    names: z.ZodString;
                    first_last_name: z.ZodString;
                    second_last_name: z.ZodString;
                    birth_date: z.ZodString;
                    gender: z.ZodEnum<{
                        HOMBRE: "HOMBRE";
                        MUJER: "MUJER";
                    }>;
                    curp: z.ZodString;
                    elector_key: z.ZodString;
                    state: z.ZodString;
                    municipality: z.ZodString;
                    section: z.ZodString;
                    emission: z.ZodString;
                    validity: z.ZodString;
                    cic: z.ZodString;
                    ocr: z.ZodString;
                    citizen_identifier: z.ZodString;
                    locality: z.ZodNullable<z.ZodString>;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "getIne";
        }>;
        output: {
            status: "error" | "processing" | "completed";
            data: {
                names: string;
                first_last_name: string;
                second_last_name: string;
                birth_date: string;
                gender: "MUJER" | "HOMBRE";
                curp: string;
                elector_key: string;
                state: string;
                municipality: string;
                section: string;
                emission: string;
                validity: string;
                cic: string;
                ocr: string;
                citizen_identifier: string;
                locality: string | null;
            } | null;
        };
        meta: object;
    }>;
    createCompany: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/admin/companies";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Create a company";
            readonly body: z.ZodObject<{
                name: z.ZodString;
                status_catalog: z.ZodOptional<z.ZodArray<z.ZodString>>;
                use_cases: z.ZodOptional<z.ZodArray<z.ZodObject<{
                    name: z.ZodString;
                }, z.core.$strip>>>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                company_id: z.ZodString;
                name: z.ZodString;
                status_catalog: z.ZodArray<z.ZodString>;
                use_cases: z.ZodArray<z.ZodObject<{
                    use_case_id: z.ZodString;
                    name: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 201;
        } & {
            id: "createCompany";
        }>;
        output: {
            company_id: string;
            name: string;
            status_catalog: string[];
            use_cases: {
                use_case_id: string;
                name: string;
            }[];
        };
        meta: object;
    }>;
    createUser: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/admin/companies/{company_id}/users";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Create a user of a company";
            readonly body: z.ZodObject<{
                name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                email: z.ZodOptional<z.ZodNullable<z.ZodString>>;
                pid: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                user_id: z.ZodString;
                pid: z.ZodNullable<z.ZodString>;
                name: z.ZodNullable<z.ZodString>;
                email: z.ZodNullable<z.ZodString>;
                company_id: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 201;
        } & {
            id: "createUser";
        }>;
        output: {
            user_id: string;
            pid: string | null;
            name: string | null;
            email: string | null;
            company_id: string;
        };
        meta: object;
    }>;
    createToken: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/admin/users/{user_id}/tokens";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Issue a bearer token for a user";
            readonly body: z.ZodObject<{
                ttl_seconds: z.ZodOptional<z.ZodNumber>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                access_token: z.ZodString;
                token_type: z.ZodLiteral<"Bearer">;
                expires_at: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 201;
        } & {
            id: "createToken";
        }>;
        output: {
            access_token: string;
            token_type: "Bearer";
            expires_at: string;
        };
        meta: object;
    }>;
    createApiKey: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "POST";
            readonly path: "/admin/companies/{company_id}/api-keys";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Issue an API key for a company";
            readonly body: z.ZodObject<{
                name: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                key_id: z.ZodString;
                api_key: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 201;
        } & {
            id: "createApiKey";
        }>;
        output: {
            key_id: string;
            api_key: string;
        };
        meta: object;
    }>;
    revokeApiKey: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "DELETE";
            readonly path: "/admin/api-keys/{key_id}";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Revoke an API key at once";
            readonly response: null;
            readonly successStatus: 204;
        } & {
            id: "revokeApiKey";
        }>;
        output: void;
        meta: object;
    }>;
    putWebhook: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "PUT";
            readonly path: "/admin/companies/{company_id}/webhooks/{event}";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Register or replace the webhook of an event";
            readonly body: z.ZodObject<{
                url: z.ZodString;
                template: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodString]>>>;
                api_key: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                company_id: z.ZodString;
                event: z.ZodEnum<{
                    "expediente-created": "expediente-created";
                    "processing-in-review": "processing-in-review";
                    "processing-review-corrections": "processing-review-corrections";
                    "error-processing": "error-processing";
                    "services-circulo-credito": "services-circulo-credito";
                    "v1-assign-analyst": "v1-assign-analyst";
                }>;
                url: z.ZodString;
                template: z.ZodNullable<z.ZodUnion<readonly [z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodString]>>;
                api_key: z.ZodNullable<z.ZodString>;
                updated_at: z.ZodString;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "putWebhook";
        }>;
        output: {
            company_id: string;
            event: "expediente-created" | "processing-in-review" | "processing-review-corrections" | "error-processing" | "services-circulo-credito" | "v1-assign-analyst";
            url: string;
            template: string | Record<string, unknown> | null;
            api_key: string | null;
            updated_at: string;
        };
        meta: object;
    }>;
    deleteWebhook: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "DELETE";
            readonly path: "/admin/companies/{company_id}/webhooks/{event}";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Remove the webhook of an event";
            readonly response: null;
            readonly successStatus: 204;
        } & {
            id: "deleteWebhook";
        }>;
        output: void;
        meta: object;
    }>;
    listWebhookDeliveries: TRPCQueryProcedure<{
        input: InputOf<{
            readonly method: "GET";
            readonly path: "/admin/companies/{company_id}/webhook-deliveries";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Webhook delivery attempts, newest first";
            readonly query: z.ZodObject<{
                event: z.ZodOptional<z.ZodEnum<{
                    "expediente-created": "expediente-created";
                    "processing-in-review": "processing-in-review";
                    "processing-review-corrections": "processing-review-corrections";
                    "error-processing": "error-processing";
                    "services-circulo-credito": "services-circulo-credito";
                    "v1-assign-analyst": "v1-assign-analyst";
                }>>;
                case_id: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>;
            readonly response: z.ZodObject<{
                data: z.ZodArray<z.ZodObject<{
                    delivery_id: z.ZodString;
                    event: z.ZodString;
                    case_id: z.ZodNullable<z.ZodString>;
                    url: z.ZodString;
                    request_body: z.ZodUnknown;
                    status_code: z.ZodNullable<z.ZodNumber>;
                    ok: z.ZodBoolean;
                    response_body: z.ZodNullable<z.ZodString>;
                    error: z.ZodNullable<z.ZodString>;
                    duration_ms: z.ZodNullable<z.ZodNumber>;
                    created_at: z.ZodString;
                }, z.core.$strip>>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "listWebhookDeliveries";
        }>;
        output: {
            data: {
                delivery_id: string;
                event: string;
                case_id: string | null;
                url: string;
                request_body: unknown;
                status_code: number | null;
                ok: boolean;
                response_body: string | null;
                error: string | null;
                duration_ms: number | null;
                created_at: string;
            }[];
        };
        meta: object;
    }>;
    putSandboxFixture: TRPCMutationProcedure<{
        input: InputOf<{
            readonly method: "PUT";
            readonly path: "/admin/sandbox/fixtures/{source}/{key}";
            readonly auth: "admin";
            readonly group: "admin";
            readonly summary: "Store the sandbox outcome of a (source, key) lookup";
            readonly body: z.ZodIntersection<z.ZodRecord<z.ZodString, z.ZodUnknown>, z.ZodObject<{
                delay_ms: z.ZodOptional<z.ZodNumber>;
                error: z.ZodOptional<z.ZodString>;
                reason: z.ZodOptional<z.ZodString>;
            }, z.core.$strip>>;
            readonly response: z.ZodObject<{
                source: z.ZodEnum<{
                    ocr: "ocr";
                    plate_portal: "plate_portal";
                    repuve: "repuve";
                    pedimento: "pedimento";
                    rapi: "rapi";
                    renapo: "renapo";
                    bureau: "bureau";
                    tickets: "tickets";
                    tenencia: "tenencia";
                    sat_cfdi: "sat_cfdi";
                    sat_pedimento: "sat_pedimento";
                    amda: "amda";
                    amis: "amis";
                    ine: "ine";
                }>;
                key: z.ZodString;
                outcome: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            }, z.core.$strip>;
            readonly successStatus: 200;
        } & {
            id: "putSandboxFixture";
        }>;
        output: {
            source: "pedimento" | "tenencia" | "ine" | "repuve" | "ocr" | "sat_cfdi" | "sat_pedimento" | "renapo" | "plate_portal" | "tickets" | "rapi" | "bureau" | "amda" | "amis";
            key: string;
            outcome: Record<string, unknown>;
        };
        meta: object;
    }>;
    listSandboxFixtures: TRPCQueryProcedure<{
        input: {
            idempotency_key?: string;
        };
        output: {
            data: {
                source: "pedimento" | "tenencia" | "ine" | "repuve" | "ocr" | "sat_cfdi" | "sat_pedimento" | "renapo" | "plate_portal" | "tickets" | "rapi" | "bureau" | "amda" | "amis";
                key: string;
                outcome: Record<string, unknown>;
            }[];
        };
        meta: object;
    }>;
    clearSandboxFixtures: TRPCMutationProcedure<{
        input: {
            idempotency_key?: string;
        };
        output: void;
        meta: object;
    }>;
}>>;
/** The router type the SDK's tRPC client is typed by. */
type AppRouter = typeof appRouter;

export { type AppDeps, type AppRouter, type Config, type CreateServerOptions, type ServerContext, type VcaseServer, buildApp, configSchema, createServer, createWorker, loadConfig };
