import * as z from 'zod';

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];
/** A yes/no setting: a word that is neither is refused, not read as false. */
const boolish = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const word = v.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (!FALSE_WORDS.includes(word)) ctx.addIssue({ code: 'custom', message: `use true or false (got "${v}")` });
  return false;
});

/** Every setting the server reads, from flags (which win) and env (operator-surface §1). */
export const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  host: z.string().default('127.0.0.1'),
  db: z.string().default('.vcase/vcase.db'),
  storageDir: z.string().default('.vcase/files'),
  stateDir: z.string().default('.vcase'),
  workers: z.coerce.number().int().min(0).default(4),
  /** How long a claimed job stays claimed unrenewed: a dead worker's jobs go to another after it (default 30 s, `jobs/jobRunner.ts`). */
  jobLeaseMs: z.coerce.number().int().min(1000).optional(),
  adminToken: z.string().min(1).optional(),
  jwtSecret: z.string().min(1).optional(),
  providers: z.enum(['sandbox', 'http']).default('sandbox'),
  providerHttpUrl: z.string().url().optional(),
  sandboxLatencyMs: z.coerce.number().int().min(0).default(500),
  environment: z.string().default('sandbox'),
  publicUrl: z.string().optional(),
  webUrl: z.string().optional(),
  allowPrivateUrls: boolish.default(false),
  webhookTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /** Time a client has to send a whole request, body included (docs/operator-guide.md, "Timeouts"). */
  requestTimeoutMs: z.coerce.number().int().positive().default(120_000),
  /** Time a client has to send a request's headers; at most `requestTimeoutMs`. */
  headersTimeoutMs: z.coerce.number().int().positive().default(60_000),
  /** `sat` queries SAT's real CFDI status service for invoice checks; `provider` uses VCASE_PROVIDERS. */
  satCfdi: z.enum(['provider', 'sat']).default('provider'),
  satCfdiUrl: z.string().url().default('https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc'),
  bootstrap: z.boolean().default(true),
  logLevel: z.string().default('info'),
  /** Prometheus metrics: `/metrics` (admin token), or on `metricsPort` alone. Off: no timing at all. */
  metrics: boolish.default(true),
  metricsPort: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the metrics port listens; default `host`. */
  metricsHost: z.string().optional(),
  /** OpenTelemetry traces, from the standard OTEL_* variables (`tracesExporter`); `none` loads nothing. */
  traces: z.enum(['none', 'otlp', 'console']).default('none'),
  /** Memory the files being read at once may hold, in MB (docs/operator-guide.md, "Memory"). */
  ocrMemoryMb: z.coerce.number().int().min(64).default(768),
  /** Images tesseract reads at once (a WebAssembly worker each). */
  ocrWorkers: z.coerce.number().int().min(1).max(16).default(1),
});
export type Config = z.infer<typeof configSchema>;

export interface ConfigFlags {
  port?: string | number;
  host?: string;
  db?: string;
  storage?: string;
  workers?: string | number;
  bootstrap?: boolean;
  metricsPort?: string | number;
  metricsHost?: string;
}

/** How an operator writes each setting, for the errors of a bad value. */
const SETTING_NAMES: Record<string, string | undefined> & Partial<Record<keyof Config, string>> = {
  port: '--port / PORT',
  host: '--host / HOST',
  db: '--db / DATABASE_URL / VCASE_DB',
  storageDir: '--storage / VCASE_STORAGE_DIR',
  stateDir: 'VCASE_STATE_DIR',
  workers: '--workers / VCASE_WORKERS',
  jobLeaseMs: 'VCASE_JOB_LEASE_MS',
  adminToken: 'VCASE_ADMIN_TOKEN',
  jwtSecret: 'VCASE_JWT_SECRET',
  providers: 'VCASE_PROVIDERS',
  providerHttpUrl: 'VCASE_PROVIDER_HTTP_URL',
  sandboxLatencyMs: 'VCASE_SANDBOX_LATENCY_MS',
  environment: 'VCASE_ENVIRONMENT',
  publicUrl: 'VCASE_PUBLIC_URL',
  webUrl: 'VCASE_WEB_URL',
  allowPrivateUrls: 'VCASE_ALLOW_PRIVATE_URLS',
  webhookTimeoutMs: 'VCASE_WEBHOOK_TIMEOUT_MS',
  requestTimeoutMs: 'VCASE_REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'VCASE_HEADERS_TIMEOUT_MS',
  satCfdi: 'VCASE_SAT_CFDI',
  satCfdiUrl: 'VCASE_SAT_CFDI_URL',
  logLevel: 'VCASE_LOG_LEVEL',
  metrics: 'VCASE_METRICS',
  metricsPort: '--metrics-port / VCASE_METRICS_PORT',
  metricsHost: '--metrics-host / VCASE_METRICS_HOST',
  traces: 'OTEL_TRACES_EXPORTER',
  ocrMemoryMb: 'VCASE_OCR_MEMORY_MB',
  ocrWorkers: 'VCASE_OCR_WORKERS',
};

/** The one place that reads `process.env`. */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const pick = <T>(...values: (T | undefined)[]) => values.find((v) => v !== undefined && v !== '');
  const parsed = configSchema.safeParse({
    port: pick(flags.port, env.PORT),
    host: pick(flags.host, env.HOST),
    db: pick(flags.db, env.DATABASE_URL, env.VCASE_DB),
    storageDir: pick(flags.storage, env.VCASE_STORAGE_DIR),
    stateDir: pick(env.VCASE_STATE_DIR),
    workers: pick(flags.workers, env.VCASE_WORKERS),
    jobLeaseMs: pick(env.VCASE_JOB_LEASE_MS),
    adminToken: pick(env.VCASE_ADMIN_TOKEN),
    jwtSecret: pick(env.VCASE_JWT_SECRET),
    providers: pick(env.VCASE_PROVIDERS),
    providerHttpUrl: pick(env.VCASE_PROVIDER_HTTP_URL),
    sandboxLatencyMs: pick(env.VCASE_SANDBOX_LATENCY_MS),
    environment: pick(env.VCASE_ENVIRONMENT),
    publicUrl: pick(env.VCASE_PUBLIC_URL),
    webUrl: pick(env.VCASE_WEB_URL),
    allowPrivateUrls: pick(env.VCASE_ALLOW_PRIVATE_URLS),
    webhookTimeoutMs: pick(env.VCASE_WEBHOOK_TIMEOUT_MS),
    requestTimeoutMs: pick(env.VCASE_REQUEST_TIMEOUT_MS),
    headersTimeoutMs: pick(env.VCASE_HEADERS_TIMEOUT_MS),
    satCfdi: pick(env.VCASE_SAT_CFDI),
    satCfdiUrl: pick(env.VCASE_SAT_CFDI_URL),
    bootstrap: flags.bootstrap,
    logLevel: pick(env.VCASE_LOG_LEVEL, env.LOG_LEVEL),
    metrics: pick(env.VCASE_METRICS),
    metricsPort: pick(flags.metricsPort, env.VCASE_METRICS_PORT),
    metricsHost: pick(flags.metricsHost, env.VCASE_METRICS_HOST),
    traces: tracesExporter(env),
    ocrMemoryMb: pick(env.VCASE_OCR_MEMORY_MB),
    ocrWorkers: pick(env.VCASE_OCR_WORKERS),
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${SETTING_NAMES[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.headersTimeoutMs > parsed.data.requestTimeoutMs) {
    throw new Error('invalid configuration:\n  VCASE_HEADERS_TIMEOUT_MS must not exceed VCASE_REQUEST_TIMEOUT_MS');
  }
  if (parsed.data.metricsPort !== undefined && !parsed.data.metrics) {
    throw new Error('invalid configuration:\n  --metrics-port / VCASE_METRICS_PORT: metrics are switched off (VCASE_METRICS=false)');
  }
  if (parsed.data.providers === 'http' && !parsed.data.providerHttpUrl) {
    throw new Error('invalid configuration:\n  VCASE_PROVIDER_HTTP_URL is required when VCASE_PROVIDERS=http');
  }
  return parsed.data;
}

/**
 * Traces are off unless the standard OpenTelemetry variables ask for them: an exporter named in
 * OTEL_TRACES_EXPORTER (`otlp`, `console`, `none`), or an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_ENDPOINT), which means `otlp`.
 * OTEL_SDK_DISABLED=true turns them off whatever else is set.
 */
function tracesExporter(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return 'none';
  const named = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (named) return named;
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : undefined;
}
