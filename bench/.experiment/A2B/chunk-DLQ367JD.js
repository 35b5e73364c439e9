import { createSecretKey as __csk } from "node:crypto";
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/config.ts
import { z } from "zod";
var boolish = z.union([z.boolean(), z.string()]).transform((v) => typeof v === "boolean" ? v : ["1", "true", "yes", "on"].includes(v.toLowerCase()));
var configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(3e3),
  host: z.string().default("127.0.0.1"),
  db: z.string().default(".vcase/vcase.db"),
  storageDir: z.string().default(".vcase/files"),
  stateDir: z.string().default(".vcase"),
  workers: z.coerce.number().int().min(0).default(4),
  adminToken: z.string().min(1).optional(),
  jwtSecret: z.string().min(1).optional(),
  providers: z.enum(["sandbox", "http"]).default("sandbox"),
  providerHttpUrl: z.string().url().optional(),
  sandboxLatencyMs: z.coerce.number().int().min(0).default(500),
  environment: z.string().default("sandbox"),
  publicUrl: z.string().optional(),
  webUrl: z.string().optional(),
  allowPrivateUrls: boolish.default(false),
  webhookTimeoutMs: z.coerce.number().int().positive().default(3e4),
  bootstrap: z.boolean().default(true),
  logLevel: z.string().default("info")
});
function loadConfig(flags = {}, env = process.env) {
  const pick2 = (...values) => values.find((v) => v !== void 0 && v !== "");
  const parsed = configSchema.safeParse({
    port: pick2(flags.port, env.PORT),
    host: pick2(flags.host, env.HOST),
    db: pick2(flags.db, env.DATABASE_URL, env.VCASE_DB),
    storageDir: pick2(flags.storage, env.VCASE_STORAGE_DIR),
    stateDir: pick2(env.VCASE_STATE_DIR),
    workers: pick2(flags.workers, env.VCASE_WORKERS),
    adminToken: pick2(env.VCASE_ADMIN_TOKEN),
    jwtSecret: pick2(env.VCASE_JWT_SECRET),
    providers: pick2(env.VCASE_PROVIDERS),
    providerHttpUrl: pick2(env.VCASE_PROVIDER_HTTP_URL),
    sandboxLatencyMs: pick2(env.VCASE_SANDBOX_LATENCY_MS),
    environment: pick2(env.VCASE_ENVIRONMENT),
    publicUrl: pick2(env.VCASE_PUBLIC_URL),
    webUrl: pick2(env.VCASE_WEB_URL),
    allowPrivateUrls: pick2(env.VCASE_ALLOW_PRIVATE_URLS),
    webhookTimeoutMs: pick2(env.VCASE_WEBHOOK_TIMEOUT_MS),
    bootstrap: flags.bootstrap,
    logLevel: pick2(env.VCASE_LOG_LEVEL, env.LOG_LEVEL)
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid configuration:
${lines.join("\n")}`);
  }
  if (parsed.data.providers === "http" && !parsed.data.providerHttpUrl) {
    throw new Error("invalid configuration:\n  VCASE_PROVIDER_HTTP_URL is required when VCASE_PROVIDERS=http");
  }
  return parsed.data;
}
function publicBaseUrl(config) {
  return (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, "");
}

// src/app.ts
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";

// src/errors.ts
import { ERROR_STATUS } from "@vcase/shared";
var HttpError = class _HttpError extends Error {
  constructor(statusCode, code, message, details) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.name = "HttpError";
  }
  statusCode;
  code;
  details;
  static of(code, message, details) {
    return new _HttpError(ERROR_STATUS[code], code, message, details);
  }
};
var badRequest = (message, details) => new HttpError(400, null, message, details);
var validationError = (message, details) => HttpError.of("VALIDATION_ERROR", message, details);
var notFound = (message) => new HttpError(404, null, message);
var unauthorized = (message, code = null) => new HttpError(401, code, message);

// src/repositories/apiKeys.repository.ts
async function insertApiKey(db, row) {
  await db.insertInto("api_keys").values(row).execute();
}
function findActiveApiKeyByHash(db, keyHash) {
  return db.selectFrom("api_keys").selectAll().where("key_hash", "=", keyHash).where("revoked_at", "is", null).executeTakeFirst();
}
async function revokeApiKey(db, id, at) {
  const res = await db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// src/repositories/users.repository.ts
async function insertUser(db, row) {
  await db.insertInto("users").values(row).execute();
}
function findUser(db, id) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
async function findUserByUidOrPid(db, identifier) {
  const byUid = await findUser(db, identifier);
  if (byUid) return byUid;
  return db.selectFrom("users").selectAll().where("pid", "=", identifier).orderBy("created_at").executeTakeFirst();
}
async function pidExists(db, pid) {
  const row = await db.selectFrom("users").select("id").where("pid", "=", pid).executeTakeFirst();
  return Boolean(row);
}

// src/auth/apiKeys.ts
import { createHash, randomBytes, timingSafeEqual } from "crypto";
var PREFIX = "vck_";
function generateApiKey() {
  return PREFIX + randomBytes(24).toString("base64url");
}
function hashSecret(secret) {
  return createHash("sha256").update(secret).digest("hex");
}
function safeEqual(a, b) {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

// src/auth/authenticate.ts
function bearerToken(header) {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : null;
}
function createAuthenticator(ctx, signer, adminToken) {
  async function viaBearer(token, code) {
    const claims = await signer.verify(token, ctx.clock.now());
    if (!claims) throw unauthorized("Token inv\xE1lido o expirado", code);
    const user = await findUser(ctx.db, claims.userId);
    if (!user) throw unauthorized("Token inv\xE1lido o expirado", code);
    return { kind: "user", userId: user.id, companyId: claims.companyId ?? user.company_id ?? null, user };
  }
  async function viaApiKey(key, code) {
    const row = await findActiveApiKeyByHash(ctx.db, hashSecret(key));
    if (!row) throw unauthorized("API key inv\xE1lida o revocada", code);
    return { kind: "apiKey", keyId: row.id, companyId: row.company_id, userId: null, user: null };
  }
  return {
    async authenticate(mode, headers, errorCode = null) {
      if (mode === "none") return null;
      const token = bearerToken(headers.authorization);
      const apiKeyHeader = headers["x-api-key"];
      const apiKey = Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader;
      if (mode === "admin") {
        if (token && safeEqual(token, adminToken)) return { kind: "admin", companyId: null, userId: null, user: null };
        throw unauthorized("Se requiere el token de administraci\xF3n");
      }
      if (mode === "bearer") {
        if (!token) throw unauthorized("Se requiere un token Bearer en el encabezado Authorization", errorCode);
        return viaBearer(token, errorCode);
      }
      if (mode === "apiKey" || mode === "bearerOrApiKey") {
        if (apiKey) return viaApiKey(apiKey, errorCode);
        if (mode === "bearerOrApiKey" && token) return viaBearer(token, errorCode);
        throw unauthorized("Se requiere una API key en el encabezado x-api-key", errorCode);
      }
      throw unauthorized("No autorizado", errorCode);
    }
  };
}

// src/auth/tokens.ts
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
var ISSUER = "vcase";
function createTokenSigner(secret) {
  const key = __csk(Buffer.from(secret)); const vkey = globalThis.crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return {
    async sign(claims, expiresAt) {
      const jwt = new SignJWT(claims.companyId ? { cid: claims.companyId } : {}).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(claims.userId).setIssuer(ISSUER).setIssuedAt().setExpirationTime(Math.floor(expiresAt.getTime() / 1e3));
      return jwt.sign(key);
    },
    /** The token's claims, or null when it is malformed, forged or expired. */
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, await vkey, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          currentDate: now
        });
        if (typeof payload.sub !== "string" || !payload.sub) return null;
        return { userId: payload.sub, companyId: typeof payload.cid === "string" ? payload.cid : null };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    }
  };
}

// src/http/errorHandler.ts
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
function errorBody(code, message, details) {
  return { error: details === void 0 ? { code, message } : { code, message, details } };
}
function describeValidation(error, where) {
  return error.validation.map((v) => {
    const field = (v.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
    return { field: field || where || "body", message: v.message ?? "invalid" };
  });
}
function registerErrorHandler(app) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const code = request.routeOptions.config?.validationErrorCode === void 0 ? "VALIDATION_ERROR" : request.routeOptions.config.validationErrorCode;
      const issues = describeValidation(error, error.validationContext);
      const message = `Solicitud inv\xE1lida: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`;
      return reply.status(400).send(errorBody(code, message, issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send(errorBody(null, "Error interno del servidor"));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(errorBody(null, "Error interno del servidor"));
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply.status(400).send(errorBody("VALIDATION_ERROR", `El cuerpo no es JSON v\xE1lido: ${error.message}`));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(400).send(errorBody("VALIDATION_ERROR", "El cuerpo de la solicitud excede el tama\xF1o m\xE1ximo (archivo de 20 MB como m\xE1ximo)"));
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send(errorBody("VALIDATION_ERROR", "Content-Type no soportado; use application/json"));
    }
    return reply.status(status).send(errorBody(null, error.message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(null, `Ruta no encontrada: ${request.method} ${request.url.split("?")[0]}`));
  });
}

// src/http/health.routes.ts
import { z as z2 } from "zod";
var healthRoutes = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["operations"], summary: "Liveness", response: { 200: z2.object({ status: z2.literal("ok") }) } } },
    async () => ({ status: "ok" })
  );
};

// src/http/operationRoutes.ts
import { MAX_FILE_BYTES as MAX_FILE_BYTES2, OPERATION_LIST, pathParams } from "@vcase/shared";
import { z as z3 } from "zod";

// src/operations/handlers.ts
import {
  sandboxSourceSchema,
  webhookEventSchema
} from "@vcase/shared";

// src/http/idempotency.ts
import { createHash as createHash2 } from "crypto";
var WINDOW_MS = 24 * 60 * 60 * 1e3;
function hashBody(body) {
  return createHash2("sha256").update(JSON.stringify(body ?? null)).digest("hex");
}
async function withIdempotency(ctx, scope, run) {
  const key = scope.key?.trim();
  if (!key) return { ...await run(), replayed: false };
  if (key.length > 255) throw validationError("Idempotency-Key no puede exceder 255 caracteres");
  const bodyHash = hashBody(scope.body);
  const since = new Date(ctx.clock.now().getTime() - WINDOW_MS).toISOString();
  const existing = await ctx.db.selectFrom("idempotency_keys").selectAll().where("company_id", "=", scope.companyId).where("route", "=", scope.route).where("key", "=", key).executeTakeFirst();
  if (existing && existing.created_at >= since) {
    if (existing.body_hash !== bodyHash) {
      throw validationError("Idempotency-Key ya se us\xF3 con un cuerpo distinto", { header: "Idempotency-Key" });
    }
    return { statusCode: Number(existing.status_code), body: JSON.parse(existing.response_body), replayed: true };
  }
  const result = await run();
  const row = {
    company_id: scope.companyId,
    route: scope.route,
    key,
    body_hash: bodyHash,
    status_code: result.statusCode,
    response_body: JSON.stringify(result.body),
    created_at: ctx.clock.now().toISOString()
  };
  await ctx.db.insertInto("idempotency_keys").values(row).onConflict(
    (oc) => oc.columns(["company_id", "route", "key"]).doUpdateSet({
      body_hash: row.body_hash,
      status_code: row.status_code,
      response_body: row.response_body,
      created_at: row.created_at
    })
  ).execute();
  return { ...result, replayed: false };
}

// src/net/publicUrl.ts
import { lookup as dnsLookup } from "dns/promises";
import { BlockList, isIP } from "net";
var UnsafeUrlError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "UnsafeUrlError";
  }
};
var blocked = new BlockList();
blocked.addSubnet("0.0.0.0", 8, "ipv4");
blocked.addSubnet("127.0.0.0", 8, "ipv4");
blocked.addSubnet("10.0.0.0", 8, "ipv4");
blocked.addSubnet("172.16.0.0", 12, "ipv4");
blocked.addSubnet("192.168.0.0", 16, "ipv4");
blocked.addSubnet("169.254.0.0", 16, "ipv4");
blocked.addAddress("::", "ipv6");
blocked.addAddress("::1", "ipv6");
blocked.addSubnet("fc00::", 7, "ipv6");
blocked.addSubnet("fe80::", 10, "ipv6");
function isPrivateAddress(address) {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  return family === 6 && blocked.check(address, "ipv6");
}
var defaultLookup = (hostname2) => dnsLookup(hostname2, { all: true, verbatim: true });
async function assertPublicUrl(url, opts) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError(`invalid URL: ${String(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new UnsafeUrlError(`URL scheme not allowed: ${parsed.protocol.replace(/:$/, "")}`);
  }
  if (opts.allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses;
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (opts.lookup ?? defaultLookup)(host)).map((a) => a.address);
    } catch (err) {
      throw new UnsafeUrlError(`cannot resolve host ${host}: ${err.message}`);
    }
    if (addresses.length === 0) throw new UnsafeUrlError(`cannot resolve host ${host}`);
  }
  const inward = addresses.find(isPrivateAddress);
  if (inward !== void 0) {
    throw new UnsafeUrlError(`URL host ${host} resolves to a private or loopback address (${inward})`);
  }
  return parsed;
}

// src/db/json.ts
function toJson(value) {
  return JSON.stringify(value ?? null);
}
function fromJson(text, fallback) {
  if (text === null || text === void 0) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
function likeContains(value) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// src/repositories/sandboxFixtures.repository.ts
async function putFixture(db, fixture, at) {
  const values = { source: fixture.source, key: fixture.key, outcome: toJson(fixture.outcome), updated_at: at };
  await db.insertInto("sandbox_fixtures").values(values).onConflict((oc) => oc.columns(["source", "key"]).doUpdateSet({ outcome: values.outcome, updated_at: at })).execute();
}
async function getFixture(db, source, key) {
  const row = await db.selectFrom("sandbox_fixtures").selectAll().where("source", "=", source).where("key", "=", key).executeTakeFirst();
  return row ? fromJson(row.outcome, {}) : void 0;
}
async function listFixtures(db) {
  const rows = await db.selectFrom("sandbox_fixtures").selectAll().orderBy("source").orderBy("key").execute();
  return rows.map((r2) => ({ source: r2.source, key: r2.key, outcome: fromJson(r2.outcome, {}) }));
}
async function deleteAllFixtures(db) {
  await db.deleteFrom("sandbox_fixtures").execute();
}

// src/services/admin.service.ts
import {
  DEFAULT_STATUS_CATALOG
} from "@vcase/shared";

// src/repositories/companies.repository.ts
async function insertCompany(db, row, useCases) {
  await db.insertInto("companies").values(row).execute();
  if (useCases.length) await db.insertInto("use_cases").values(useCases).execute();
}
function findCompany(db, id) {
  return db.selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
}
function listUseCases(db, companyId) {
  return db.selectFrom("use_cases").selectAll().where("company_id", "=", companyId).orderBy("created_at").orderBy("id").execute();
}
function findUseCase(db, companyId, useCaseId) {
  return db.selectFrom("use_cases").selectAll().where("company_id", "=", companyId).where("id", "=", useCaseId).executeTakeFirst();
}
async function countCompanies(db) {
  const row = await db.selectFrom("companies").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

// src/services/admin.service.ts
var DEFAULT_TOKEN_TTL_SECONDS = 86400;
async function toCompany(ctx, row) {
  const useCases = await listUseCases(ctx.db, row.id);
  return {
    company_id: row.id,
    name: row.name,
    status_catalog: fromJson(row.status_catalog, []),
    use_cases: useCases.map((u) => ({ use_case_id: u.id, name: u.name }))
  };
}
async function createCompany(ctx, body) {
  const now = ctx.clock.now().toISOString();
  const row = {
    id: ctx.ids(),
    name: body.name.trim(),
    status_catalog: toJson(body.status_catalog ?? [...DEFAULT_STATUS_CATALOG]),
    created_at: now
  };
  const useCases = (body.use_cases ?? []).map((u) => ({
    id: ctx.ids(),
    company_id: row.id,
    name: u.name.trim(),
    created_at: ctx.clock.now().toISOString()
  }));
  await ctx.db.transaction().execute((trx) => insertCompany(trx, row, useCases));
  return toCompany(ctx, row);
}
async function requireCompanyRow(ctx, companyId) {
  const row = await findCompany(ctx.db, companyId);
  if (!row) throw HttpError.of("RESOURCE_NOT_FOUND", "Compa\xF1\xEDa no encontrada");
  return row;
}
async function createUser(ctx, companyId, body) {
  await requireCompanyRow(ctx, companyId);
  let pid;
  if (body.pid === void 0) pid = `pid_${ctx.ids().replace(/-/g, "").slice(0, 16)}`;
  else pid = body.pid;
  if (pid !== null && await pidExists(ctx.db, pid)) throw validationError(`El pid '${pid}' ya existe`);
  const row = {
    id: ctx.ids(),
    company_id: companyId,
    pid,
    name: body.name ?? null,
    email: body.email ?? null,
    created_at: ctx.clock.now().toISOString()
  };
  await insertUser(ctx.db, row);
  return { user_id: row.id, pid: row.pid, name: row.name, email: row.email, company_id: companyId };
}
async function issueToken(ctx, signer, userId, ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS) {
  const user = await findUser(ctx.db, userId);
  if (!user) throw HttpError.of("RESOURCE_NOT_FOUND", "Usuario no encontrado");
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlSeconds * 1e3);
  const access_token = await signer.sign({ userId: user.id, companyId: user.company_id }, expiresAt);
  return { access_token, token_type: "Bearer", expires_at: expiresAt.toISOString() };
}
async function createApiKey(ctx, companyId, name) {
  await requireCompanyRow(ctx, companyId);
  const apiKey = generateApiKey();
  const row = {
    id: ctx.ids(),
    company_id: companyId,
    name: name ?? null,
    key_hash: hashSecret(apiKey),
    created_at: ctx.clock.now().toISOString(),
    revoked_at: null
  };
  await insertApiKey(ctx.db, row);
  return { key_id: row.id, api_key: apiKey };
}
async function deleteApiKey(ctx, keyId) {
  const revoked = await revokeApiKey(ctx.db, keyId, ctx.clock.now().toISOString());
  if (!revoked) throw notFound("API key no encontrada");
}

// src/domain/names.ts
var MORAL_MARKERS = /\b(S\.?\s?A\.?(\s?P\.?\s?I\.?)?(\s?DE\s?C\.?\s?V\.?)?|S\.?\s?DE\s?R\.?\s?L\.?|A\.?\s?C\.?|S\.?\s?C\.?|SOCIEDAD|AUTOMOTRIZ|AGENCIA|MOTORS|GRUPO|FINANCIERA|ASEGURADORA|SEGUROS|BANCO|ARRENDADORA|COMERCIAL|SERVICIOS)\b/;
function nameKey(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase().replace(/[.,]/g, " ").replace(/\s+/g, " ").trim();
}
function personType(name) {
  return MORAL_MARKERS.test(nameKey(name)) ? "moral" : "fisica";
}
function consolidateNames(sources) {
  const byKey = /* @__PURE__ */ new Map();
  for (const s of sources) {
    const clean2 = s.name.replace(/\s+/g, " ").trim();
    if (!clean2) continue;
    const key = nameKey(clean2);
    const entry = byKey.get(key) ?? { name: clean2, person_type: personType(clean2), sources: [] };
    entry.sources.push({ file_id: s.file_id, document_type: s.document_type, field: s.field });
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
function namesInParsedData(parsed) {
  const out = [];
  const add = (field, v) => {
    if (typeof v === "string" && v.trim()) out.push({ field, name: v.trim() });
  };
  add("propietario", parsed.propietario);
  add("nombre_emisor", parsed.nombre_emisor);
  add("nombre_receptor", parsed.nombre_receptor);
  const full = [parsed.nombre, parsed.apellido_paterno, parsed.apellido_materno].filter((p) => typeof p === "string" && p.trim()).join(" ");
  if (full) add("nombre", full);
  if (Array.isArray(parsed.endosos)) {
    parsed.endosos.forEach((e, i) => {
      if (e && typeof e === "object") {
        add(`endosos[${i}].de`, e.de);
        add(`endosos[${i}].a`, e.a);
      }
    });
  }
  return out;
}

// src/domain/validators/vin.ts
var VIN_ALPHABET = /^[A-HJ-NPR-Z0-9]+$/;
var TRANSLITERATION = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9
};
var WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
function normalizeVin(value) {
  return value.toUpperCase().replace(/[\s.\-_]/g, "");
}
function vinCheckDigit(vin) {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    const value = c >= "0" && c <= "9" ? Number(c) : TRANSLITERATION[c];
    sum += value * WEIGHTS[i];
  }
  const r2 = sum % 11;
  return r2 === 10 ? "X" : String(r2);
}
function validateVin(value) {
  const normalized = typeof value === "string" ? normalizeVin(value) : "";
  const base = { normalized, checkDigitValid: false, northAmerican: false, warning: false };
  if (!normalized) return { ...base, valid: false, reason: "empty" };
  if (!VIN_ALPHABET.test(normalized)) return { ...base, valid: false, reason: "alphabet" };
  if (normalized.length !== 17) return { ...base, valid: false, reason: "length" };
  const checkDigitValid = vinCheckDigit(normalized) === normalized[8];
  const northAmerican = normalized[0] >= "1" && normalized[0] <= "5";
  if (checkDigitValid) return { ...base, checkDigitValid, northAmerican, valid: true, reason: null };
  if (northAmerican) return { ...base, northAmerican, valid: false, reason: "check_digit" };
  return { ...base, valid: true, reason: "check_digit", warning: true };
}
function isPartialVin(value) {
  const v = normalizeVin(value);
  return v.length >= 4 && v.length < 17 && VIN_ALPHABET.test(v);
}
function vinMatches(partial, full) {
  const p = normalizeVin(partial);
  const f = normalizeVin(full);
  if (!p || !f) return false;
  return p.length <= f.length ? f.endsWith(p) : false;
}

// src/domain/validators/dates.ts
var MONTHS = {
  ENERO: 1,
  ENE: 1,
  JAN: 1,
  FEBRERO: 2,
  FEB: 2,
  MARZO: 3,
  MAR: 3,
  ABRIL: 4,
  ABR: 4,
  APR: 4,
  MAYO: 5,
  MAY: 5,
  JUNIO: 6,
  JUN: 6,
  JULIO: 7,
  JUL: 7,
  AGOSTO: 8,
  AGO: 8,
  AUG: 8,
  SEPTIEMBRE: 9,
  SETIEMBRE: 9,
  SEPT: 9,
  SEP: 9,
  SET: 9,
  OCTUBRE: 10,
  OCT: 10,
  NOVIEMBRE: 11,
  NOV: 11,
  DICIEMBRE: 12,
  DIC: 12,
  DEC: 12
};
var MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join("|");
function isRealDate(year, month, day) {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && year % 100 !== 0 || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}
function formatDate(year, month, day) {
  if (!isRealDate(year, month, day)) return void 0;
  return `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
}
function expandYear(yy, pivot) {
  return yy <= pivot ? 2e3 + yy : 1900 + yy;
}
function parseYymmdd(value, pivot) {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return void 0;
  return formatDate(expandYear(Number(m[1]), pivot), Number(m[2]), Number(m[3]));
}
var fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
var PATTERNS = [
  // 2024-03-12, 2024/03/12, 2024-03-12T10:00:00
  { re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/, parts: (m) => [+m[1], +m[2], +m[3]] },
  // 12/03/2024, 12-03-2024, 12.03.2024
  { re: /(?<!\d)(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4})(?!\d)/, parts: (m) => [+m[3], +m[2], +m[1]] },
  // 12 de marzo de 2024, 12 DE MARZO DEL 2024, 12-MAR-2024, 12/MAR/2024, 12 MAR 2024
  {
    re: new RegExp(`(?<!\\d)(\\d{1,2})\\s*(?:DE\\s+|[-/.\\s])\\s*(${MONTH_NAMES})\\.?\\s*(?:DE(?:L)?\\s+|[-/.,\\s])\\s*(\\d{4})(?!\\d)`),
    parts: (m) => [+m[3], MONTHS[m[2]], +m[1]]
  },
  // marzo 12, 2024
  {
    re: new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2}),?\\s+(?:DE(?:L)?\\s+)?(\\d{4})(?!\\d)`),
    parts: (m) => [+m[3], MONTHS[m[1]], +m[2]]
  }
];
function findDates(text) {
  const folded = fold(text);
  const found2 = [];
  for (const { re, parts } of PATTERNS) {
    const g = new RegExp(re.source, "g");
    for (let m = g.exec(folded); m; m = g.exec(folded)) {
      const date = formatDate(...parts(m));
      const overlaps = found2.some((f) => m.index < f.index + f.length && f.index < m.index + m[0].length);
      if (date && !overlaps) found2.push({ date, index: m.index, length: m[0].length });
    }
  }
  return found2.sort((a, b) => a.index - b.index);
}
function parseDate(value) {
  if (!value) return void 0;
  return findDates(value)[0]?.date;
}
function isoOf(ddmmyyyy2) {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy2);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : void 0;
}

// src/domain/validators/curp.ts
var CURP_PATTERN = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;
var CURP_STATE_CODES = [
  "AS",
  "BC",
  "BS",
  "CC",
  "CH",
  "CL",
  "CM",
  "CS",
  "DF",
  "DG",
  "GR",
  "GT",
  "HG",
  "JC",
  "MC",
  "MN",
  "MS",
  "NE",
  "NL",
  "NT",
  "OC",
  "PL",
  "QR",
  "QT",
  "SL",
  "SP",
  "SR",
  "TC",
  "TL",
  "TS",
  "VZ",
  "YN",
  "ZS"
];
var STATES = new Set(CURP_STATE_CODES);
var ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ";
function curpCheckDigit(curp) {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = curp[i] === "\xD1" ? "&" : curp[i];
    sum += ALPHABET.indexOf(c) * (18 - i);
  }
  return String((10 - sum % 10) % 10);
}
function validateCurp(value) {
  const normalized = typeof value === "string" ? value.toUpperCase().replace(/\s+/g, "") : "";
  const none = { normalized, checkDigitValid: false, birthDate: null, sex: null, state: null };
  if (!normalized) return { ...none, valid: false, reason: "empty" };
  if (!CURP_PATTERN.test(normalized)) return { ...none, valid: false, reason: "pattern" };
  const century2000 = /[A-Z]/.test(normalized[16]);
  const yy = Number(normalized.slice(4, 6));
  const year = century2000 ? 2e3 + yy : expandYear(yy, -1);
  const birthDate = formatDate(year, Number(normalized.slice(6, 8)), Number(normalized.slice(8, 10))) ?? null;
  const sex = normalized[10];
  const state = normalized.slice(11, 13);
  const checkDigitValid = curpCheckDigit(normalized) === normalized[17];
  const parts = { normalized, checkDigitValid, birthDate, sex, state };
  if (!birthDate) return { ...parts, valid: false, reason: "date" };
  if (!STATES.has(state)) return { ...parts, valid: false, reason: "state" };
  if (!checkDigitValid) return { ...parts, valid: false, reason: "check_digit" };
  return { ...parts, valid: true, reason: null };
}

// src/domain/validators/rfc.ts
var RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/;
var RFC_GENERIC_NATIONAL = "XAXX010101000";
var RFC_GENERIC_FOREIGN = "XEXX010101000";
var CHECKSUM_ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ \xD1";
function rfcCheckDigit(rfc) {
  const padded = rfc.length === 12 ? ` ${rfc}` : rfc;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += CHECKSUM_ALPHABET.indexOf(padded[i]) * (13 - i);
  const digit = 11 - sum % 11;
  return digit === 11 ? "0" : digit === 10 ? "A" : String(digit);
}
function validateRfc(value) {
  const normalized = typeof value === "string" ? value.toUpperCase().replace(/[\s-]/g, "") : "";
  const none = { normalized, personType: null, generic: null, checksumValid: false };
  if (!normalized) return { ...none, valid: false, reason: "empty" };
  if (!RFC_PATTERN.test(normalized)) return { ...none, valid: false, reason: "pattern" };
  const personType2 = normalized.length === 12 ? "moral" : "fisica";
  const generic = normalized === RFC_GENERIC_NATIONAL ? "national" : normalized === RFC_GENERIC_FOREIGN ? "foreign" : null;
  const d = normalized.length - 9;
  const yy = Number(normalized.slice(d, d + 2));
  const mm = Number(normalized.slice(d + 2, d + 4));
  const dd = Number(normalized.slice(d + 4, d + 6));
  const realDate = isRealDate(1900 + yy, mm, dd) || isRealDate(2e3 + yy, mm, dd);
  const checksumValid = rfcCheckDigit(normalized) === normalized[normalized.length - 1];
  const parts = { normalized, personType: personType2, generic, checksumValid };
  if (!realDate) return { ...parts, valid: false, reason: "date" };
  return { ...parts, valid: true, reason: null };
}

// src/domain/validators/plates.ts
function normalizePlate(value) {
  return value.toUpperCase().replace(/[\s.\-_/]/g, "");
}
function isPlausiblePlate(normalized) {
  return /^[A-Z0-9]{5,8}$/.test(normalized) && /\d/.test(normalized) && /[A-Z]/.test(normalized);
}

// src/domain/validators/entities.ts
import { ENTITY_CODES } from "@vcase/shared";
var ALIASES = {
  AGU: ["AGUASCALIENTES", "AGS"],
  BCN: ["BAJA CALIFORNIA", "BAJA CALIFORNIA NORTE", "BC", "BCN"],
  BCS: ["BAJA CALIFORNIA SUR", "BCS"],
  CAM: ["CAMPECHE", "CAMP"],
  CHH: ["CHIHUAHUA", "CHIH"],
  CHP: ["CHIAPAS", "CHIS"],
  CMX: ["CIUDAD DE MEXICO", "CDMX", "CD MX", "CD DE MEXICO", "DISTRITO FEDERAL", "DF", "MEXICO DF", "MEXICO D F"],
  COA: ["COAHUILA", "COAHUILA DE ZARAGOZA", "COAH"],
  COL: ["COLIMA"],
  DUR: ["DURANGO", "DGO"],
  GRO: ["GUERRERO"],
  GUA: ["GUANAJUATO", "GTO"],
  HID: ["HIDALGO", "HGO"],
  JAL: ["JALISCO"],
  MEX: ["ESTADO DE MEXICO", "EDO DE MEXICO", "EDO DE MEX", "EDO MEX", "EDOMEX", "EDO MEXICO", "MEXICO", "EM"],
  MIC: ["MICHOACAN", "MICHOACAN DE OCAMPO", "MICH"],
  MOR: ["MORELOS"],
  NAY: ["NAYARIT"],
  NLE: ["NUEVO LEON", "NVO LEON", "NL"],
  OAX: ["OAXACA"],
  PUE: ["PUEBLA"],
  QUE: ["QUERETARO", "QUERETARO DE ARTEAGA", "QRO"],
  ROO: ["QUINTANA ROO", "Q ROO", "QROO", "QR"],
  SIN: ["SINALOA"],
  SLP: ["SAN LUIS POTOSI", "SLP"],
  SON: ["SONORA"],
  TAB: ["TABASCO"],
  TAM: ["TAMAULIPAS", "TAMPS"],
  TLA: ["TLAXCALA", "TLAX"],
  VER: ["VERACRUZ", "VERACRUZ DE IGNACIO DE LA LLAVE", "VER"],
  YUC: ["YUCATAN"],
  ZAC: ["ZACATECAS"]
};
var BY_KEY = /* @__PURE__ */ new Map();
for (const code of ENTITY_CODES) {
  BY_KEY.set(code, code);
  for (const alias of ALIASES[code]) BY_KEY.set(alias, code);
}
function foldEntityText(text) {
  return text.toUpperCase().replace(/Ñ/g, "\0").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\u0000/g, "\xD1").replace(/[.,;:()'"]/g, " ").replace(/\s+/g, " ").trim();
}
var PREFIXES = [
  /^GOBIERNO DEL? /,
  /^ESTADO LIBRE Y SOBERANO DE /,
  /^ESTADO DE (?!MEXICO$|MEX$)/,
  /^EDO DE (?!MEXICO$|MEX$)/,
  /^ENTIDAD FEDERATIVA /,
  /^ENTIDAD /,
  /^LA /
];
function entityCode(text) {
  if (!text) return null;
  let key = foldEntityText(text);
  const compact2 = key.replace(/ /g, "");
  for (let i = 0; i < 4 && key; i++) {
    const hit = BY_KEY.get(key) ?? (compact2.length <= 4 ? BY_KEY.get(compact2) : void 0);
    if (hit) return hit;
    const next = PREFIXES.reduce((k, re) => k.replace(re, ""), key);
    if (next === key) break;
    key = next;
  }
  return null;
}
var NAMES_IN_TEXT = [...BY_KEY.keys()].filter((k) => k.length >= 5 && k !== "MEXICO" && k !== "MEXICO DF").sort((a, b) => b.length - a.length);
var NAMES_RE = new RegExp(`(?<![A-Z\xD1])(${NAMES_IN_TEXT.map((n) => n.replace(/ /g, "\\s+")).join("|")})(?![A-Z\xD1])`);
var GOVERNMENT_RE = new RegExp(
  `(?:GOBIERNO|ESTADO LIBRE Y SOBERANO|SECRETARIA DE (?:FINANZAS|MOVILIDAD|HACIENDA)|ENTIDAD(?: FEDERATIVA)?)\\s+(?:DEL?\\s+)?(?:LA\\s+)?(?:ESTADO\\s+DE\\s+)?(${[...NAMES_IN_TEXT, "MEXICO"].map((n) => n.replace(/ /g, "\\s+")).join("|")})(?![A-Z\xD1])`
);
function findEntityInText(text) {
  const folded = foldEntityText(text);
  const gov = GOVERNMENT_RE.exec(folded);
  if (gov) {
    const name = gov[1].replace(/\s+/g, " ");
    if (name !== "MEXICO" || /ESTADO\s+DE\s+MEXICO$/.test(gov[0])) return BY_KEY.get(name) ?? null;
  }
  const m = NAMES_RE.exec(folded);
  return m ? BY_KEY.get(m[1].replace(/\s+/g, " ")) ?? null : null;
}

// src/domain/validators/ine.ts
var CLAVE_ELECTOR_PATTERN = /^[A-Z]{6}(\d{6})(\d{2})[HM]\d{3}$/;
function validateClaveElector(value) {
  const normalized = typeof value === "string" ? value.toUpperCase().replace(/\s+/g, "") : "";
  if (!normalized) return { valid: false, normalized, reason: "empty" };
  const m = CLAVE_ELECTOR_PATTERN.exec(normalized);
  if (!m) return { valid: false, normalized, reason: "pattern" };
  if (!parseYymmdd(m[1], 99) && !parseYymmdd(m[1], -1)) return { valid: false, normalized, reason: "date" };
  return { valid: true, normalized, reason: null };
}
function mrzCheckDigit(field) {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    const v = c >= "0" && c <= "9" ? Number(c) : c >= "A" && c <= "Z" ? c.charCodeAt(0) - 55 : 0;
    sum += v * weights[i % 3];
  }
  return String(sum % 10);
}

// src/domain/vins.ts
var INVOICE_TYPES = /* @__PURE__ */ new Set(["factura", "factura_xml", "invoice"]);
function primaryVin(docs) {
  const fromInvoice = docs.find((d) => d.document_type && INVOICE_TYPES.has(d.document_type) && d.complete);
  if (fromInvoice) return fromInvoice.vin;
  const counts = /* @__PURE__ */ new Map();
  for (const d of docs) if (d.complete && d.check_digit_valid) counts.set(d.vin, (counts.get(d.vin) ?? 0) + 1);
  let best = null;
  for (const d of docs) {
    const n = counts.get(d.vin);
    if (n !== void 0 && (best === null || n > (counts.get(best) ?? 0))) best = d.vin;
  }
  if (best) return best;
  return docs.find((d) => d.complete)?.vin ?? null;
}

// src/repositories/documents.repository.ts
function listCaseDocuments(db, caseId2, opts) {
  let q = db.selectFrom("documents").selectAll().where("case_id", "=", caseId2);
  if (!opts.includeInactive) q = q.where("active", "=", 1);
  return q.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}
async function insertDocument(db, row) {
  await db.insertInto("documents").values(row).execute();
}
function findCompanyDocument(db, companyId, documentId) {
  return db.selectFrom("documents").innerJoin("cases", "cases.id", "documents.case_id").selectAll("documents").where("documents.id", "=", documentId).where("documents.company_id", "=", companyId).where("cases.active", "=", 1).executeTakeFirst();
}
function findDocument(db, documentId) {
  return db.selectFrom("documents").selectAll().where("id", "=", documentId).executeTakeFirst();
}
function findDocumentByStorageKey(db, key) {
  return db.selectFrom("documents").selectAll().where("storage_key", "=", key).executeTakeFirst();
}
async function updateDocument(db, id, patch) {
  await db.updateTable("documents").set(patch).where("id", "=", id).execute();
}
async function listDocuments(db, f) {
  let q = db.selectFrom("documents").innerJoin("cases", "cases.id", "documents.case_id").where("documents.company_id", "=", f.companyId).where("cases.active", "=", 1);
  if (f.caseId) q = q.where("documents.case_id", "=", f.caseId);
  if (f.documentId) q = q.where("documents.id", "=", f.documentId);
  const [rows, count] = await Promise.all([
    q.selectAll("documents").orderBy("documents.created_at", "desc").orderBy("documents.id", "desc").limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

// src/services/caseAccess.ts
import { isUuid } from "@vcase/shared";

// src/repositories/cases.repository.ts
import { sql } from "kysely";
async function insertCase(db, row) {
  await db.insertInto("cases").values(row).execute();
}
function findActiveCase(db, companyId, caseId2) {
  return db.selectFrom("cases").selectAll().where("id", "=", caseId2).where("company_id", "=", companyId).where("active", "=", 1).executeTakeFirst();
}
function findCaseById(db, caseId2) {
  return db.selectFrom("cases").selectAll().where("id", "=", caseId2).executeTakeFirst();
}
async function listCases(db, f) {
  let q = db.selectFrom("cases").where("company_id", "=", f.companyId).where("active", "=", 1);
  if (f.internalId) {
    q = q.where(sql`lower(internal_id) like lower(${likeContains(f.internalId)}) escape '\\'`);
  }
  if (f.vin) {
    const pattern = likeContains(f.vin.toUpperCase());
    q = q.where(
      (eb) => eb.exists(
        eb.selectFrom("documents").select("documents.id").whereRef("documents.case_id", "=", "cases.id").where(sql`upper(documents.vin) like ${pattern} escape '\\'`)
      )
    );
  }
  if (f.useCaseId) q = q.where("use_case_id", "=", f.useCaseId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
function findCaseWithFilesByInternalId(db, companyId, internalId) {
  return db.selectFrom("cases").selectAll().where("company_id", "=", companyId).where("internal_id", "=", internalId).where("active", "=", 1).where(
    (eb) => eb.exists(eb.selectFrom("documents").select("documents.id").whereRef("documents.case_id", "=", "cases.id"))
  ).executeTakeFirst();
}
async function softDeleteCase(db, caseId2, at) {
  await db.updateTable("cases").set({ active: 0, updated_at: at }).where("id", "=", caseId2).execute();
}
async function insertAssignment(db, row) {
  await db.insertInto("case_assignments").values(row).execute();
}
function listAssignments(db, caseId2) {
  return db.selectFrom("case_assignments").selectAll().where("case_id", "=", caseId2).orderBy("created_at", "asc").orderBy("id", "asc").execute();
}
async function insertMetadataEntry(db, row) {
  await db.insertInto("case_metadata_entries").values(row).execute();
}
function listMetadataEntries(db, caseId2) {
  return db.selectFrom("case_metadata_entries").selectAll().where("case_id", "=", caseId2).orderBy("created_at", "asc").orderBy("id", "asc").execute();
}

// src/services/caseAccess.ts
var CASE_NOT_FOUND = "Caso no encontrado";
function requireCompany(principal) {
  if (!principal.companyId) throw badRequest("No se pudo determinar la compa\xF1\xEDa del token");
  return principal.companyId;
}
async function loadCase(ctx, principal, caseId2) {
  if (!isUuid(caseId2)) throw badRequest("case_id no es un UUID v\xE1lido");
  const companyId = requireCompany(principal);
  const row = await findActiveCase(ctx.db, companyId, caseId2.toLowerCase());
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

// src/services/caseDerived.service.ts
async function processedDocuments(ctx, caseId2) {
  const docs = await listCaseDocuments(ctx.db, caseId2, { includeInactive: false });
  return docs.filter((d) => d.status === "processed").map((d) => ({ doc: d, parsed: fromJson(d.parsed_data, {}) }));
}
function vinSources(docs) {
  const out = [];
  for (const { doc, parsed } of docs) {
    if (typeof parsed.vin !== "string" || !parsed.vin.trim()) continue;
    const v = validateVin(parsed.vin);
    out.push({
      file_id: doc.id,
      document_type: doc.type,
      vin: v.normalized,
      check_digit_valid: v.checkDigitValid,
      complete: v.valid || v.reason === "check_digit"
    });
  }
  return out;
}
async function casePrimaryVin(ctx, caseId2) {
  return primaryVin(vinSources(await processedDocuments(ctx, caseId2)));
}
async function getCaseVins(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const sources = vinSources(await processedDocuments(ctx, row.id));
  const primary = primaryVin(sources);
  return {
    case_id: row.id,
    primary_vin: primary,
    vins: sources.map((s) => ({
      file_id: s.file_id,
      document_type: s.document_type,
      vin: s.vin,
      check_digit_valid: s.check_digit_valid,
      is_primary: s.vin === primary
    }))
  };
}
async function consolidatedNames(ctx, caseId2) {
  const docs = await processedDocuments(ctx, caseId2);
  return consolidateNames(
    docs.flatMap(
      ({ doc, parsed }) => namesInParsedData(parsed).map((n) => ({ file_id: doc.id, document_type: doc.type, field: n.field, name: n.name }))
    )
  );
}
async function getCaseNames(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  return { case_id: row.id, status: "completed", names: await consolidatedNames(ctx, row.id) };
}

// src/domain/reviewStatus.ts
var ACCEPTABLE_VALIDITY = /* @__PURE__ */ new Set(["valid"]);
function reviewStatusAfterProcessing(current, docs) {
  if (docs.length === 0) return current;
  const clean2 = docs.every((d) => d.status === "processed" && d.document_validity !== null && ACCEPTABLE_VALIDITY.has(d.document_validity));
  return clean2 ? "nuevo" : "devuelta_correccion";
}
function eventsForReviewChange(before, after, operationalError) {
  const events = [];
  if (operationalError) events.push("error-processing");
  if (before === after) return events;
  if (after === "nuevo") events.push("processing-in-review");
  if (after === "devuelta_correccion" || after === "revision_correcciones") events.push("processing-review-corrections");
  events.push("services-circulo-credito");
  return events;
}

// src/jobs/jobQueue.ts
import { EventEmitter } from "events";
function toJob(row) {
  return {
    id: row.id,
    kind: row.kind,
    companyId: row.company_id,
    caseId: row.case_id,
    parentId: row.parent_id,
    payload: fromJson(row.payload, null),
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: row.max_attempts === null ? null : Number(row.max_attempts),
    runAt: row.run_at,
    leaseUntil: row.lease_until,
    lockedBy: row.locked_by,
    result: fromJson(row.result, null),
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at
  };
}
var jobSignal = new EventEmitter();
jobSignal.setMaxListeners(0);
async function enqueueJob(db, clock, ids, opts) {
  const now = clock.now().toISOString();
  const runAt = opts.runAt === void 0 ? now : new Date(opts.runAt).toISOString();
  const row = {
    id: ids(),
    kind: opts.kind,
    company_id: opts.companyId ?? null,
    case_id: opts.caseId ?? null,
    parent_id: opts.parentId ?? null,
    payload: toJson(opts.payload),
    status: "pending",
    attempts: 0,
    max_attempts: opts.maxAttempts ?? null,
    run_at: runAt,
    lease_until: null,
    locked_by: null,
    result: null,
    error: null,
    created_at: now,
    updated_at: now,
    started_at: null,
    finished_at: null
  };
  await db.insertInto("jobs").values(row).execute();
  jobSignal.emit("enqueued", opts.kind);
  return toJob(row);
}
async function getJob(db, id) {
  const row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toJob(row);
}
async function latestJobForCase(db, caseId2, kind) {
  const row = await db.selectFrom("jobs").selectAll().where("case_id", "=", caseId2).where("kind", "=", kind).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row && toJob(row);
}
async function listJobs(db, filter = {}) {
  let q = db.selectFrom("jobs").selectAll();
  if (filter.caseId !== void 0) q = q.where("case_id", "=", filter.caseId);
  if (filter.kind !== void 0) q = q.where("kind", "=", filter.kind);
  if (filter.parentId !== void 0) q = q.where("parent_id", "=", filter.parentId);
  const rows = await q.orderBy("created_at", "asc").orderBy("id", "asc").execute();
  return rows.map((r2) => toJob(r2));
}
function isClaimable(w, nowIso) {
  return w.or([
    w.and([w("status", "=", "pending"), w("run_at", "<=", nowIso)]),
    w.and([w("status", "=", "processing"), w("lease_until", "<", nowIso)])
  ]);
}
async function claimNextJob(db, dialect, opts) {
  if (opts.kinds.length === 0) return void 0;
  const now = opts.now.toISOString();
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const row = await db.updateTable("jobs").set((eb) => ({
    status: "processing",
    attempts: eb("attempts", "+", 1),
    lease_until: leaseUntil,
    locked_by: opts.workerId,
    started_at: eb.fn.coalesce("started_at", eb.val(now)),
    updated_at: now
  })).where("id", "=", (eb) => {
    const next = eb.selectFrom("jobs").select("id").where("kind", "in", opts.kinds).where((w) => isClaimable(w, now)).orderBy("run_at").orderBy("created_at").limit(1);
    return dialect === "postgres" ? next.forUpdate().skipLocked() : next;
  }).returningAll().executeTakeFirst();
  return row && toJob(row);
}
async function extendLease(db, id, workerId, leaseUntil) {
  const res = await db.updateTable("jobs").set({ lease_until: leaseUntil.toISOString() }).where("id", "=", id).where("locked_by", "=", workerId).where("status", "=", "processing").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
async function completeJob(db, id, workerId, result, now) {
  const at = now.toISOString();
  const res = await db.updateTable("jobs").set({ status: "completed", result: toJson(result), error: null, lease_until: null, finished_at: at, updated_at: at }).where("id", "=", id).where("locked_by", "=", workerId).where("status", "=", "processing").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
async function retryJob(db, id, workerId, error, runAt, now) {
  const res = await db.updateTable("jobs").set({
    status: "pending",
    error,
    run_at: runAt.toISOString(),
    lease_until: null,
    locked_by: null,
    updated_at: now.toISOString()
  }).where("id", "=", id).where("locked_by", "=", workerId).where("status", "=", "processing").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
async function failJob(db, id, workerId, error, now) {
  const at = now.toISOString();
  const res = await db.updateTable("jobs").set({ status: "error", error, lease_until: null, finished_at: at, updated_at: at }).where("id", "=", id).where("locked_by", "=", workerId).where("status", "=", "processing").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
async function releaseJob(db, id, workerId, now) {
  const at = now.toISOString();
  const res = await db.updateTable("jobs").set((eb) => ({
    status: "pending",
    attempts: eb("attempts", "-", 1),
    run_at: at,
    lease_until: null,
    locked_by: null,
    updated_at: at
  })).where("id", "=", id).where("locked_by", "=", workerId).where("status", "=", "processing").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
async function hasDueJob(db, kinds, now) {
  if (kinds.length === 0) return false;
  const at = now.toISOString();
  const row = await db.selectFrom("jobs").select("id").where("kind", "in", kinds).where((w) => isClaimable(w, at)).limit(1).executeTakeFirst();
  return row !== void 0;
}
async function recoverExpiredLeases(db, now) {
  const at = now.toISOString();
  return db.updateTable("jobs").set({ status: "pending", lease_until: null, locked_by: null, run_at: at, updated_at: at }).where("status", "=", "processing").where("lease_until", "<", at).returning(["id", "kind"]).execute();
}
async function purgeCompletedJobs(db, kind, before) {
  const res = await db.deleteFrom("jobs").where("kind", "=", kind).where("status", "=", "completed").where("finished_at", "<", before.toISOString()).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// src/webhooks/deliverWebhook.ts
import { performance } from "perf_hooks";

// src/webhooks/webhooks.repository.ts
function toRegistrationDto(row) {
  return {
    company_id: row.company_id,
    event: row.event,
    url: row.url,
    // Stored as JSON text of the object or of the string, so the kind survives.
    template: fromJson(row.template, null),
    api_key: row.api_key,
    updated_at: row.updated_at
  };
}
function toDeliveryDto(row) {
  return {
    delivery_id: row.id,
    event: row.event,
    case_id: row.case_id,
    url: row.url,
    // A body that is not JSON (a string template rendered into invalid JSON) stays text.
    request_body: fromJson(row.request_body, row.request_body),
    status_code: row.status_code === null ? null : Number(row.status_code),
    ok: Number(row.ok) === 1,
    response_body: row.response_body,
    error: row.error,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    created_at: row.created_at
  };
}
async function putRegistration(db, reg) {
  const row = {
    company_id: reg.company_id,
    event: reg.event,
    url: reg.url,
    template: reg.template === void 0 || reg.template === null ? null : JSON.stringify(reg.template),
    api_key: reg.api_key ?? null,
    updated_at: reg.updated_at
  };
  await db.insertInto("webhook_registrations").values(row).onConflict(
    (oc) => oc.columns(["company_id", "event"]).doUpdateSet({
      url: row.url,
      template: row.template,
      api_key: row.api_key,
      updated_at: row.updated_at
    })
  ).execute();
  return toRegistrationDto(row);
}
async function getRegistration(db, companyId, event) {
  const row = await db.selectFrom("webhook_registrations").selectAll().where("company_id", "=", companyId).where("event", "=", event).executeTakeFirst();
  return row && toRegistrationDto(row);
}
async function deleteRegistration(db, companyId, event) {
  const res = await db.deleteFrom("webhook_registrations").where("company_id", "=", companyId).where("event", "=", event).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
async function listDeliveries(db, companyId, filter = {}) {
  let q = db.selectFrom("webhook_deliveries").selectAll().where("company_id", "=", companyId);
  if (filter.event !== void 0) q = q.where("event", "=", filter.event);
  if (filter.case_id !== void 0) q = q.where("case_id", "=", filter.case_id);
  q = q.orderBy("created_at", "desc").orderBy("id", "desc");
  if (filter.limit !== void 0) q = q.limit(filter.limit);
  const rows = await q.execute();
  return rows.map(toDeliveryDto);
}
async function recordDelivery(db, row) {
  const stored = await db.insertInto("webhook_deliveries").values(row).returningAll().executeTakeFirstOrThrow();
  return toDeliveryDto(stored);
}

// src/webhooks/deliverWebhook.ts
var WEBHOOK_DELIVER_JOB = "webhook.deliver";
var RESPONSE_BODY_LIMIT = 64 * 1024;
var WEEK_MS = 7 * 24 * 60 * 60 * 1e3;
var deliverWebhook = {
  maxAttempts: 1,
  // The delivery row is the record; the job row is only bookkeeping.
  retentionMs: WEEK_MS,
  async run(job, ctx, { signal }) {
    const payload = job.payload;
    const createdAt = ctx.clock.now().toISOString();
    const startedAt = performance.now();
    const attempt = await post(ctx, payload, signal);
    if (signal.aborted) throw signal.reason;
    const delivery = await recordDelivery(ctx.db, {
      id: ctx.ids(),
      company_id: payload.companyId,
      event: payload.event,
      case_id: payload.caseId,
      url: payload.url,
      request_body: payload.body,
      status_code: attempt.status_code,
      ok: attempt.ok ? 1 : 0,
      response_body: attempt.response_body,
      error: attempt.error,
      duration_ms: Math.round(performance.now() - startedAt),
      created_at: createdAt
    });
    if (!delivery.ok) {
      ctx.logger.error(
        {
          alert: "webhook_delivery_failed",
          deliveryId: delivery.delivery_id,
          companyId: payload.companyId,
          event: payload.event,
          caseId: payload.caseId,
          url: payload.url,
          statusCode: attempt.status_code,
          error: attempt.error
        },
        "internal alert: webhook delivery failed"
      );
    }
    return { delivery_id: delivery.delivery_id, ok: delivery.ok, status_code: delivery.status_code };
  }
};
async function post(ctx, payload, runnerSignal) {
  try {
    await assertPublicUrl(payload.url, { allowPrivate: ctx.config.allowPrivateUrls });
  } catch (err) {
    return { ok: false, status_code: null, response_body: null, error: messageOf(err) };
  }
  const timeoutMs = ctx.config.webhookTimeoutMs;
  const startedAt = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no complete response within ${timeoutMs} ms`));
  }, timeoutMs);
  const onRunnerAbort = () => controller.abort(runnerSignal.reason);
  runnerSignal.addEventListener("abort", onRunnerAbort, { once: true });
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json"
  };
  if (payload.apiKey) headers["x-api-key"] = payload.apiKey;
  let statusCode = null;
  try {
    const res = await ctx.fetch(payload.url, {
      method: "POST",
      headers,
      body: payload.body,
      // A redirect is a non-2xx answer; following it could also lead to a private host.
      redirect: "manual",
      signal: controller.signal
    });
    statusCode = res.status;
    const body = await readLimited(res, RESPONSE_BODY_LIMIT);
    if (timedOut || performance.now() - startedAt > timeoutMs) {
      return { ok: false, status_code: statusCode, response_body: body, error: `no complete response within ${timeoutMs} ms` };
    }
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status_code: statusCode, response_body: body, error: ok ? null : `receiver answered HTTP ${res.status}` };
  } catch (err) {
    const error = timedOut ? `no complete response within ${timeoutMs} ms` : messageOf(err);
    return { ok: false, status_code: statusCode, response_body: null, error };
  } finally {
    clearTimeout(timer);
    runnerSignal.removeEventListener("abort", onRunnerAbort);
  }
}
async function readLimited(res, limit) {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    const chunk = value.byteLength > room ? value.subarray(0, room) : value;
    size += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (size >= limit) {
      await reader.cancel().catch(() => void 0);
      break;
    }
  }
  return text + decoder.decode();
}
function messageOf(err) {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  const detail = cause?.code ?? cause?.message;
  return detail && !err.message.includes(detail) ? `${err.message}: ${detail}` : err.message;
}

// src/webhooks/renderTemplate.ts
var PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
function placeholderValues(vars) {
  return /* @__PURE__ */ new Map([
    ["expedientData.vehicle_id", vars.vehicle_id],
    ["expedientData.internal_id", vars.internal_id],
    ["expedientData.review_status", vars.review_status ?? ""],
    ["expedientData.url_exp", vars.url_exp],
    ["expedientData.user_id", vars.user_id ?? ""],
    ["expedientData.user_name", vars.user_name || "N/A"],
    ["expedientData.user_email", vars.user_email || "N/A"],
    ["expedientData.created_at", vars.created_at],
    ["environment", vars.environment]
  ]);
}
function fill(text, values, escape) {
  return text.replace(PLACEHOLDER, (_, name) => escape(values.get(name) ?? ""));
}
var asJsonStringContent = (s) => JSON.stringify(s).slice(1, -1);
function renderValue(value, values) {
  if (typeof value === "string") return fill(value, values, (s) => s);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, values));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, values)]));
  }
  return value;
}
function renderTemplate(template, vars) {
  const values = placeholderValues(vars);
  if (typeof template === "string") return fill(template, values, asJsonStringContent);
  return renderValue(template, values);
}
function defaultWebhookBody(event, vars) {
  if (event === "processing-in-review") {
    return { status: "en_revision", event_type: "in-review", vehicle_id: vars.vehicle_id, internal_id: vars.internal_id };
  }
  return { internal_id: vars.internal_id, source: "api" };
}
function webhookRequestBody(template, event, vars) {
  if (template === null) return JSON.stringify(defaultWebhookBody(event, vars));
  if (typeof template === "string") return renderTemplate(template, vars);
  return JSON.stringify(renderTemplate(template, vars));
}

// src/webhooks/emitWebhook.ts
var NOT_A_STATUS_EVENT = "v1-assign-analyst";
function webhookVars(config, caseRow, actor) {
  const webBase = (config.webUrl ?? publicBaseUrl(config)).replace(/\/+$/, "");
  return {
    vehicle_id: caseRow.id,
    internal_id: caseRow.internal_id ?? "",
    review_status: caseRow.review_status,
    url_exp: `${webBase}/cases/${caseRow.id}`,
    user_id: actor?.user_id ?? null,
    user_name: actor?.name ?? null,
    user_email: actor?.email ?? null,
    created_at: caseRow.created_at,
    environment: config.environment
  };
}
async function emitWebhook(ctx, db, { event, caseRow, actor = null }) {
  if (!caseRow.company_id) return null;
  if (event !== NOT_A_STATUS_EVENT && !caseRow.internal_id) return null;
  const registration = await getRegistration(db, caseRow.company_id, event);
  if (!registration) return null;
  const body = webhookRequestBody(registration.template, event, webhookVars(ctx.config, caseRow, actor));
  return enqueueJob(db, ctx.clock, ctx.ids, {
    kind: WEBHOOK_DELIVER_JOB,
    companyId: caseRow.company_id,
    caseId: caseRow.id,
    maxAttempts: 1,
    // contract §6: one attempt, no automatic retry
    payload: {
      url: registration.url,
      body,
      apiKey: registration.api_key,
      event,
      caseId: caseRow.id,
      companyId: caseRow.company_id
    }
  });
}

// src/services/actor.ts
function actorOf(principal) {
  if (principal.kind !== "user") return null;
  return { user_id: principal.userId, name: principal.user.name, email: principal.user.email };
}

// src/pipeline/text.ts
function fold2(text) {
  let out = "";
  for (const ch of text) {
    const up4 = ch.toUpperCase();
    const base = up4 === "\xD1" ? "\xD1" : up4.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    out += base.length === ch.length ? base : base.length > ch.length ? base.slice(0, ch.length) : base.padEnd(ch.length);
  }
  return out;
}
function tidy(text) {
  return text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim()).join("\n");
}
function view(text) {
  const original = tidy(text);
  return { original, folded: fold2(original) };
}
function matchesOf(t2, pattern) {
  const re = new RegExp(pattern, "g");
  const out = [];
  for (let m = re.exec(t2.folded); m; m = re.exec(t2.folded)) {
    out.push({ value: t2.original.slice(m.index, m.index + m[0].length), index: m.index, groups: m.slice(1) });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}
function parseAmount(value) {
  if (!value) return void 0;
  const m = /-?\d{1,3}(?:[,\s]\d{3})+(?:\.\d{1,2})?|-?\d+(?:\.\d{1,2})?/.exec(value.replace(/\$\s*/g, ""));
  if (!m) return void 0;
  const n = Number(m[0].replace(/[,\s]/g, ""));
  return Number.isFinite(n) ? n : void 0;
}
function parseYear(value) {
  const m = value ? /(?<!\d)(19[5-9]\d|20\d\d)(?!\d)/.exec(value) : null;
  return m ? Number(m[1]) : void 0;
}
function clean(value) {
  const v = value?.replace(/\s+/g, " ").replace(/^[\s:.,;-]+|[\s:,;-]+$/g, "").trim();
  return v ? v : void 0;
}
function segments(t2, labels) {
  const found2 = [];
  for (const [key, spec] of Object.entries(labels)) {
    const tail = spec.colon ? String.raw`\s*:` : String.raw`\s*[:#]?`;
    const re = new RegExp(`(?<![A-Z\xD10-9])(?:${spec.pattern})(?![A-Z\xD10-9])${tail}`, "g");
    for (let m = re.exec(t2.folded); m; m = re.exec(t2.folded)) {
      found2.push({ key, index: m.index, end: m.index + m[0].length });
    }
  }
  found2.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept = [];
  for (const f of found2) {
    const last = kept[kept.length - 1];
    if (!last || f.index >= last.end) kept.push(f);
  }
  const startsLine = new Set(kept.filter((k) => k.index === 0 || t2.folded[k.index - 1] === "\n").map((k) => k.index));
  const out = [];
  kept.forEach((k, i) => {
    const next = kept[i + 1]?.index ?? t2.folded.length;
    let lineEnd = t2.folded.indexOf("\n", k.end);
    if (lineEnd < 0) lineEnd = t2.folded.length;
    let value = t2.original.slice(k.end, Math.min(next, lineEnd));
    if (!value.trim() && lineEnd < t2.folded.length && next > lineEnd + 1 && !startsLine.has(lineEnd + 1)) {
      let nextEnd = t2.folded.indexOf("\n", lineEnd + 1);
      if (nextEnd < 0) nextEnd = t2.folded.length;
      value = t2.original.slice(lineEnd + 1, Math.min(next, nextEnd));
    }
    value = value.replace(/^[\s:#.\-]+/, "").replace(/[\s,;]+$/, "").trim();
    if (value) out.push({ key: k.key, value, index: k.index });
  });
  return out;
}
function valuesOf(segs, key) {
  return segs.filter((s) => s.key === key).map((s) => s.value);
}

// src/pipeline/extractors/fields.ts
var VIN_OCR_FIXES = { O: "0", Q: "0", I: "1" };
function asFullVin(token) {
  const v = normalizeVin(token);
  if (v.length !== 17) return void 0;
  const fixed = v.replace(/[OQI]/g, (c) => VIN_OCR_FIXES[c]);
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(fixed) && /\d/.test(fixed) && /[A-Z]/.test(fixed) ? fixed : void 0;
}
function findVin(t2, segs, opts = {}) {
  const labeled = valuesOf(segs, "vin");
  const labeledFull = labeled.map((v) => asFullVin(v.split(/\s+/)[0]) ?? asFullVin(v.replace(/\s+/g, ""))).filter(
    (v) => !!v
  );
  const tokens = matchesOf(t2, String.raw`(?<![A-Z0-9])[A-Z0-9]{17}(?![A-Z0-9])`).map((m) => asFullVin(m.value)).filter((v) => !!v);
  const checked = (v) => validateVin(v).checkDigitValid;
  const pick2 = labeledFull.find(checked) ?? tokens.find(checked) ?? labeledFull.find((v) => validateVin(v).valid) ?? labeledFull[0];
  if (pick2) return pick2;
  if (opts.partial) {
    for (const v of labeled) {
      const token = normalizeVin(v.split(/\s+/)[0]);
      if (isPartialVin(token) && /\d/.test(token)) return token;
    }
  }
  return tokens[0];
}
function findPlate(segs) {
  for (const value of valuesOf(segs, "placa")) {
    const words = value.split(/\s+/);
    for (const n of [3, 2, 1]) {
      if (words.length < n) continue;
      const candidate = normalizePlate(words.slice(0, n).join(""));
      if (isPlausiblePlate(candidate)) return candidate;
    }
  }
  return void 0;
}
function findEntity(t2, segs) {
  for (const key of ["entidad", "estado"]) {
    for (const v of valuesOf(segs, key)) {
      const code = entityCode(v) ?? entityCode(v.split(/\s{2,}|,/)[0]);
      if (code) return code;
    }
  }
  return findEntityInText(t2.original.split("\n").slice(0, 8).join("\n")) ?? void 0;
}
function findDate(segs, keys) {
  for (const key of keys) {
    for (const v of valuesOf(segs, key)) {
      const d = parseDate(v);
      if (d) return d;
    }
  }
  return void 0;
}
var BODY_TYPES = /^(SEDAN|HATCH\s?BACK|PICK\s?-?UP|CAMIONETA|AUTOMOVIL|MOTOCICLETA|SUV|VAGONETA|COUPE|CONVERTIBLE|CHASIS|PARTICULAR|CAMION|MINIVAN|VAN|REDILAS|TRACTOCAMION|REMOLQUE|\d+\s*PUERTAS)\b/;
function findMakeModel(segs) {
  const out = {};
  const marca = clean(valuesOf(segs, "marca")[0]);
  if (marca) out.marca = marca;
  for (const v of valuesOf(segs, "anio")) {
    const y = parseYear(v);
    if (y) {
      out.anio_modelo = y;
      break;
    }
  }
  for (const v of valuesOf(segs, "modelo")) {
    const value = clean(v);
    if (!value) continue;
    if (/^\d{4}\b/.test(value)) {
      out.anio_modelo ??= parseYear(value);
    } else if (!out.modelo) out.modelo = value;
  }
  out.modelo ??= clean(valuesOf(segs, "linea")[0]);
  if (!out.modelo) {
    const tipo = clean(valuesOf(segs, "tipo")[0]);
    if (tipo && !BODY_TYPES.test(tipo.toUpperCase())) out.modelo = tipo;
  }
  if (!out.modelo) delete out.modelo;
  if (out.anio_modelo === void 0) delete out.anio_modelo;
  return out;
}
function findMotor(segs) {
  for (const v of valuesOf(segs, "numero_motor")) {
    const token = v.split(/\s+/)[0].toUpperCase().replace(/[^A-Z0-9-]/g, "");
    if (/^[A-Z0-9-]{5,20}$/.test(token) && /\d/.test(token) && !/^(HECHO|NUEVO|SIN)/.test(token)) return token;
  }
  return void 0;
}
function cleanName(value) {
  const v = clean(value?.replace(/[|_*]/g, " "));
  return v && /[A-Za-zÑñ]{2}/.test(v) ? v : void 0;
}

// src/pipeline/extractors/labels.ts
var LABELS = {
  vin: {
    pattern: String.raw`NO\.?\s*(?:DE\s*)?SERIE|NUM(?:ERO|\.)?\s*(?:DE\s*)?SERIE|SERIE\s*VEHICULAR|SERIE|N\.\s?I\.\s?V\.?|NIV|VIN|NUMERO\s*DE\s*IDENTIFICACION\s*VEHICULAR`
  },
  placa: {
    pattern: String.raw`NO\.?\s*DE\s*PLACAS?|NUM(?:ERO|\.)?\s*DE\s*PLACAS?|PLACAS?(?:\s*DE\s*CIRCULACION|\s*(?:NUEVAS?|ASIGNADAS?|ACTUAL(?:ES)?|VIGENTES?))?|MATRICULA`
  },
  // A previous plate is not the document's plate: its own key keeps it out of `placa`.
  placa_anterior: { pattern: String.raw`PLACAS?\s*(?:ANTERIOR(?:ES)?|DE\s*BAJA|DADAS?\s*DE\s*BAJA)` },
  entidad: {
    pattern: String.raw`ENTIDAD(?:\s*FEDERATIVA)?(?:\s*DE\s*(?:EMPLACADO|EMPLACAMIENTO|REGISTRO|PLACAS))?|EMPLACADO\s*EN`
  },
  estado: { pattern: "ESTADO", colon: true },
  propietario: {
    pattern: String.raw`NOMBRE\s*DEL\s*PROPIETARIO|NOMBRE\s*DEL\s*TITULAR|PROPIETARIO|TITULAR|NOMBRE\s*DEL\s*CONTRIBUYENTE|CONTRIBUYENTE|RAZON\s*SOCIAL`
  },
  nombre: { pattern: String.raw`NOMBRE\(?S?\)?`, colon: true },
  numero_motor: { pattern: String.raw`NO\.?\s*(?:DE\s*)?MOTOR|NUM(?:ERO|\.)?\s*(?:DE\s*)?MOTOR|MOTOR` },
  marca: { pattern: "MARCA" },
  anio: { pattern: String.raw`A[NÑ]O\s*(?:MODELO|DEL?\s*MODELO|DE\s*FABRICACION)?|ANIO\s*MODELO` },
  modelo: { pattern: "MODELO" },
  linea: { pattern: String.raw`LINEA|SUB\s?-?MARCA` },
  tipo: { pattern: String.raw`TIPO(?:\s*DE\s*VEHICULO)?|CLASE|VERSION|CARROCERIA` },
  folio_fiscal: { pattern: String.raw`FOLIO\s*FISCAL|UUID` },
  folio: { pattern: String.raw`NO\.?\s*DE\s*FOLIO|NUM(?:ERO|\.)?\s*DE\s*FOLIO|FOLIO|NO\.?\s*DE\s*CONSTANCIA` },
  fecha_expedicion: {
    pattern: String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:EXPEDICION|EMISION|ALTA|REGISTRO|INSCRIPCION|IMPRESION|MOVIMIENTO|CERTIFICACION)|EXPEDIDA?\s*EL|FECHA\s*DE\s*ACTUALIZACION`
  },
  fecha_pago: {
    pattern: String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:PAGO|OPERACION|APLICACION|TRANSACCION)|PAGADO\s*EL`
  },
  fecha_nacimiento: { pattern: String.raw`FECHA\s*DE\s*NACIMIENTO|NACIMIENTO` },
  fecha: { pattern: "FECHA" },
  vigencia: { pattern: String.raw`VIGENCIA|VALIDA?\s*HASTA|VENCIMIENTO` },
  total: { pattern: String.raw`TOTAL\s*(?:A\s*PAGAR|PAGADO|GENERAL|NETO)?|IMPORTE\s*(?:TOTAL|PAGADO)|MONTO\s*(?:TOTAL|PAGADO)` },
  subtotal: { pattern: String.raw`SUB\s?-?TOTAL` },
  ejercicio: {
    pattern: String.raw`EJERCICIOS?(?:\s*FISCAL(?:ES)?)?(?:\s*(?:A\s*PAGAR|PAGADOS?))?|A[NÑ]OS?\s*(?:A\s*PAGAR|PAGADOS?|FISCAL(?:ES)?)|PERIODOS?(?:\s*(?:DE\s*PAGO|PAGADOS?))?`
  },
  rfc: { pattern: String.raw`R\.?\s?F\.?\s?C\.?` },
  curp: { pattern: "CURP" },
  clave_elector: { pattern: String.raw`CLAVE\s*DE\s*ELECTOR` },
  linea_captura: { pattern: String.raw`LINEA\s*DE\s*CAPTURA` },
  pedimento: { pattern: String.raw`(?:NO\.?|NUM(?:ERO|\.)?)?\s*(?:DE\s*)?PEDIMENTO(?:\s*DE\s*IMPORTACION)?` },
  aduana: { pattern: "ADUANA" },
  other: {
    pattern: [
      "COLOR",
      "CILINDROS",
      "PUERTAS",
      "COMBUSTIBLE",
      "CAPACIDAD",
      "PASAJEROS",
      "TRANSMISION",
      "USO",
      "SERVICIO",
      "DOMICILIO",
      "MUNICIPIO",
      "COLONIA",
      "C\\.P\\.",
      "CODIGO\\s*POSTAL",
      "CLAVE\\s*VEHICULAR",
      "REFERENCIA",
      "CONCEPTO",
      "CANTIDAD",
      "OBSERVACIONES",
      "SEXO",
      "SECCION",
      "A[N\xD1]O\\s*DE\\s*REGISTRO",
      "KILOMETRAJE",
      "IMPUESTO",
      "RECARGOS",
      "DERECHOS",
      "DESCUENTO",
      "IVA",
      "CILINDRAJE",
      "ORIGEN",
      "PROCEDENCIA",
      "HOLOGRAMA",
      "FORMA\\s*DE\\s*PAGO",
      "METODO\\s*DE\\s*PAGO",
      "MONEDA",
      "OFICINA",
      "MOVIMIENTO",
      "TELEFONO"
    ].join("|")
  }
};

// src/pipeline/extractors/description.ts
function vehicleFromDescription(description) {
  const t2 = view(description);
  const segs = segments(t2, LABELS);
  const out = { vin: findVin(t2, segs), numero_motor: findMotor(segs), ...findMakeModel(segs) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== void 0));
}

// src/pipeline/engines/xml.ts
import { XMLParser, XMLValidator } from "fast-xml-parser";
var ATTR = "@_";
function parseXml(xml) {
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new Error(`malformed XML: ${check.err.msg} (line ${check.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    removeNSPrefix: false,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
    // Built-in entities (`&amp;` in company names); fast-xml-parser never fetches external ones.
    processEntities: true,
    htmlEntities: false
  });
  return parser.parse(xml);
}
function decodeXml(bytes) {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const enc = /encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const label = enc && /^(iso-8859-1|latin1|windows-1252|cp1252)$/.test(enc) ? "windows-1252" : "utf-8";
  return new TextDecoder(label).decode(bytes).replace(/^\uFEFF/, "");
}
var localName = (key) => key.slice(key.indexOf(":") + 1);
var prefixOf = (key) => key.includes(":") ? key.slice(0, key.indexOf(":")) : "";
function asNodes(v) {
  if (Array.isArray(v)) return v.filter((x) => !!x && typeof x === "object");
  return v && typeof v === "object" ? [v] : [];
}
function children(node, name) {
  if (!node) return [];
  const want = name.toLowerCase();
  const out = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith(ATTR) || key === "#text") continue;
    if (localName(key).toLowerCase() === want) out.push(...asNodes(value));
  }
  return out;
}
function child(node, name) {
  return children(node, name)[0];
}
function descendants(node, name) {
  if (!node) return [];
  const want = name.toLowerCase();
  const out = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith(ATTR) || key === "#text") continue;
    for (const n of asNodes(value)) {
      if (localName(key).toLowerCase() === want) out.push(n);
      out.push(...descendants(n, name));
    }
  }
  return out;
}
function attr(node, ...names) {
  if (!node) return void 0;
  for (const name of names) {
    const want = `${ATTR}${name}`.toLowerCase();
    for (const [key, value] of Object.entries(node)) {
      if (key.toLowerCase() === want && typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return void 0;
}
function rootOf(doc) {
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith("?") || key.startsWith(ATTR) || key === "#text") continue;
    const node = asNodes(value)[0];
    if (node) return { key, node };
  }
  return void 0;
}
function rootNamespace(doc) {
  const root = rootOf(doc);
  if (!root) return void 0;
  const prefix = prefixOf(root.key);
  return attr(root.node, prefix ? `xmlns:${prefix}` : "xmlns");
}
function textContent(node) {
  if (typeof node === "string") return node.trim() ? [node.trim()] : [];
  if (Array.isArray(node)) return node.flatMap((n) => textContent(n));
  const out = [];
  for (const n of node && typeof node === "object" ? [node] : []) {
    for (const [key, value] of Object.entries(n)) {
      if (key.startsWith(ATTR)) continue;
      out.push(...textContent(value));
    }
  }
  return out;
}

// src/pipeline/engines/cfdi.ts
var CFDI_NAMESPACES = {
  "http://www.sat.gob.mx/cfd/3": "3.3",
  "http://www.sat.gob.mx/cfd/4": "4.0"
};
var num = (v) => {
  const n = v === void 0 ? NaN : Number(v);
  return Number.isFinite(n) ? n : void 0;
};
function normalizePedimento(value) {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 15) return value.trim().replace(/\s+/g, " ");
  return `${digits.slice(0, 2)}  ${digits.slice(2, 4)}  ${digits.slice(4, 8)}  ${digits.slice(8)}`;
}
function customsOf(node) {
  return children(node, "InformacionAduanera").map((n) => {
    const numero = attr(n, "NumeroPedimento", "numero");
    if (!numero) return void 0;
    const entry = { numero: normalizePedimento(numero) };
    const fecha = parseDate(attr(n, "fecha"));
    if (fecha) entry.fecha = fecha;
    const aduana = attr(n, "aduana");
    if (aduana) entry.aduana = aduana;
    return entry;
  }).filter((e) => !!e);
}
function cfdiOf(doc) {
  const root = rootOf(doc);
  const namespace = rootNamespace(doc);
  const version = namespace ? CFDI_NAMESPACES[namespace] : void 0;
  if (!root || !namespace || !version) return void 0;
  const c = root.node;
  const emisor = child(c, "Emisor");
  const receptor = child(c, "Receptor");
  const timbre = descendants(child(c, "Complemento"), "TimbreFiscalDigital")[0];
  const sello = attr(c, "Sello");
  const fechaIso = attr(c, "Fecha");
  const customs = [];
  const conceptos = children(child(c, "Conceptos"), "Concepto").map((n) => {
    const own = customsOf(n);
    customs.push(...own);
    const concept = {
      clave_prod_serv: attr(n, "ClaveProdServ"),
      no_identificacion: attr(n, "NoIdentificacion"),
      cantidad: num(attr(n, "Cantidad")),
      descripcion: attr(n, "Descripcion"),
      valor_unitario: num(attr(n, "ValorUnitario")),
      importe: num(attr(n, "Importe")),
      pedimentos: own.map((e) => e.numero)
    };
    return concept;
  });
  const cfdi = {
    source: "cfdi_xml",
    version,
    namespace,
    serie: attr(c, "Serie"),
    folio: attr(c, "Folio"),
    fecha: parseDate(fechaIso),
    fecha_iso: fechaIso,
    subtotal: num(attr(c, "SubTotal")),
    total: num(attr(c, "Total")),
    moneda: attr(c, "Moneda"),
    tipo_comprobante: attr(c, "TipoDeComprobante"),
    sello_fe: sello && sello.length >= 8 ? sello.slice(-8) : void 0,
    emisor: { rfc: attr(emisor, "Rfc")?.toUpperCase(), nombre: attr(emisor, "Nombre"), regimen_fiscal: attr(emisor, "RegimenFiscal") },
    receptor: { rfc: attr(receptor, "Rfc")?.toUpperCase(), nombre: attr(receptor, "Nombre"), uso_cfdi: attr(receptor, "UsoCFDI") },
    conceptos,
    timbre: timbre ? { uuid: attr(timbre, "UUID")?.toUpperCase(), fecha_timbrado: attr(timbre, "FechaTimbrado"), rfc_prov_certif: attr(timbre, "RfcProvCertif") } : void 0,
    informacion_aduanera: customs
  };
  cfdi.vehiculo = vehicleOf(c, conceptos, customs);
  return JSON.parse(JSON.stringify(cfdi));
}
function vehicleOf(c, conceptos, customs) {
  const venta = descendants(child(c, "Conceptos"), "VentaVehiculos")[0];
  const usado = descendants(child(c, "Complemento"), "VehiculoUsado")[0];
  for (const e of [...customsOf(venta ?? {}), ...customsOf(usado ?? {})]) {
    const same = customs.find((k) => k.numero === e.numero);
    if (same) Object.assign(same, { ...e, ...same, fecha: same.fecha ?? e.fecha, aduana: same.aduana ?? e.aduana });
    else customs.push(e);
  }
  if (usado && !customs.length) {
    const numero = attr(usado, "NumPedIm", "NumeroPedimento");
    if (numero) customs.push({ numero: normalizePedimento(numero), aduana: attr(usado, "Aduana") });
  }
  const described = conceptos.map((k) => k.descripcion ? vehicleFromDescription(k.descripcion) : {}).sort((a, b) => Number(!!b.vin) - Number(!!a.vin))[0] ?? {};
  const niv = attr(venta, "Niv") ?? attr(usado, "NIV", "NumeroSerie") ?? described.vin;
  const out = {
    source: venta ? "ventavehiculos" : usado ? "vehiculousado" : "descripcion",
    niv: niv ? validateVin(niv).normalized : void 0,
    clave_vehicular: attr(venta, "ClaveVehicular") ?? attr(usado, "ClaveVehicular"),
    numero_motor: attr(usado, "NumeroMotor") ?? described.numero_motor,
    marca: attr(usado, "Marca") ?? described.marca,
    modelo: described.modelo ?? attr(usado, "Tipo"),
    anio_modelo: num(attr(usado, "Modelo")) ?? described.anio_modelo
  };
  const has = Object.entries(out).some(([k, v]) => k !== "source" && v !== void 0);
  return has ? out : void 0;
}
function cfdiText(cfdi) {
  const lines = [
    `CFDI ${cfdi.version} FACTURA${cfdi.tipo_comprobante ? ` TIPO ${cfdi.tipo_comprobante}` : ""}`,
    cfdi.timbre?.uuid && `FOLIO FISCAL: ${cfdi.timbre.uuid}`,
    (cfdi.serie || cfdi.folio) && `SERIE Y FOLIO: ${[cfdi.serie, cfdi.folio].filter(Boolean).join(" ")}`,
    cfdi.fecha && `FECHA DE EMISION: ${cfdi.fecha}`,
    `EMISOR: ${cfdi.emisor.nombre ?? ""} RFC: ${cfdi.emisor.rfc ?? ""}`,
    `RECEPTOR: ${cfdi.receptor.nombre ?? ""} RFC: ${cfdi.receptor.rfc ?? ""}`,
    ...cfdi.conceptos.map((k) => `CONCEPTO: ${k.descripcion ?? ""}${k.importe !== void 0 ? ` IMPORTE: ${k.importe}` : ""}`),
    ...cfdi.informacion_aduanera.map((e) => `PEDIMENTO: ${e.numero}${e.aduana ? ` ADUANA: ${e.aduana}` : ""}`),
    cfdi.vehiculo?.niv && `NIV: ${cfdi.vehiculo.niv}`,
    cfdi.total !== void 0 && `TOTAL: ${cfdi.total}${cfdi.moneda ? ` ${cfdi.moneda}` : ""}`
  ];
  return lines.filter((l) => typeof l === "string" && !!l).join("\n");
}
function cfdiParsedData(cfdi) {
  const v = cfdi.vehiculo;
  const pedimento = cfdi.informacion_aduanera[0];
  const aduana = pedimento?.aduana ?? (pedimento ? aduanaOfPedimento(pedimento.numero) : void 0);
  const folio = [cfdi.serie, cfdi.folio].filter(Boolean).join("-");
  const data = {
    rfc_emisor: cfdi.emisor.rfc,
    nombre_emisor: cfdi.emisor.nombre,
    rfc_receptor: cfdi.receptor.rfc,
    nombre_receptor: cfdi.receptor.nombre,
    monto_total: cfdi.total,
    fecha_emision: cfdi.fecha,
    fecha_documento: cfdi.fecha,
    folio_fiscal: cfdi.timbre?.uuid,
    folio: folio || void 0,
    vin: v?.niv,
    numero_motor: v?.numero_motor,
    marca: v?.marca,
    modelo: v?.modelo,
    anio_modelo: v?.anio_modelo,
    pedimento: pedimento?.numero,
    aduana,
    // An imported vehicle's year, as customs declares it: the model year.
    ano_vehiculo: pedimento ? v?.anio_modelo : void 0
  };
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== void 0 && value !== ""));
}
function aduanaOfPedimento(pedimento) {
  const digits = pedimento.replace(/\D/g, "");
  return digits.length === 15 ? digits.slice(2, 4) : void 0;
}
var XML_MIMES = /* @__PURE__ */ new Set(["application/xml", "text/xml"]);
var cfdiXmlEngine = {
  name: "cfdi_xml",
  supports: (mime) => XML_MIMES.has(mime.toLowerCase()) || mime.toLowerCase().endsWith("+xml"),
  async run({ bytes }) {
    const xml = decodeXml(bytes);
    let cfdi;
    let doc;
    try {
      doc = parseXml(xml);
      cfdi = cfdiOf(doc);
    } catch (err) {
      return { text: "", json_ocr: { source: "xml", error: "malformed_xml", message: err.message } };
    }
    if (!cfdi) {
      return { text: textContent(doc).join("\n"), json_ocr: { source: "xml", root_namespace: rootNamespace(doc) ?? null } };
    }
    return {
      text: cfdiText(cfdi),
      json_ocr: cfdi,
      parsed_data: cfdiParsedData(cfdi),
      type: "factura_xml"
    };
  }
};

// src/pipeline/engines/pdfText.ts
import { extractText, getDocumentProxy } from "unpdf";

// src/pipeline/engines/pdfImages.ts
import { extractImages } from "unpdf";
async function pageImages(pdf, maxPages) {
  const pages = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    try {
      const images = await extractImages(pdf, p);
      pages.push(images.map((i) => ({ data: i.data, width: i.width, height: i.height, channels: i.channels })));
    } catch {
      pages.push([]);
    }
  }
  return pages;
}
function toRgba(img) {
  if (img.channels === 4) return img.data;
  const out = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; j < out.length; i += img.channels, j += 4) {
    out[j] = img.data[i];
    out[j + 1] = img.data[img.channels === 1 ? i : i + 1];
    out[j + 2] = img.data[img.channels === 1 ? i : i + 2];
    out[j + 3] = 255;
  }
  return out;
}
function toBmp(img) {
  const rowSize = Math.ceil(img.width * 3 / 4) * 4;
  const size = 54 + rowSize * img.height;
  const buf = Buffer.alloc(size);
  buf.write("BM", 0, "latin1");
  buf.writeUInt32LE(size, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(img.width, 18);
  buf.writeInt32LE(img.height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(rowSize * img.height, 34);
  const c = img.channels;
  for (let y = 0; y < img.height; y++) {
    const row = 54 + (img.height - 1 - y) * rowSize;
    for (let x = 0; x < img.width; x++) {
      const s = (y * img.width + x) * c;
      const d = row + x * 3;
      buf[d] = img.data[c === 1 ? s : s + 2];
      buf[d + 1] = img.data[c === 1 ? s : s + 1];
      buf[d + 2] = img.data[s];
    }
  }
  return buf;
}

// src/pipeline/engines/pdfText.ts
var MIN_TEXT_CHARS = 20;
var MIN_SCAN_SIDE = 300;
function pdfEngine(opts = {}) {
  return {
    name: opts.imageOcr ? "pdf" : "pdf_text",
    supports: (mime) => mime.toLowerCase() === "application/pdf",
    async run({ bytes }) {
      let pdf;
      try {
        pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      } catch (err) {
        return { text: "", json_ocr: { source: "pdf_text", error: "unreadable_pdf", message: err.message } };
      }
      try {
        const { totalPages, text } = await extractText(pdf, { mergePages: true });
        const clean2 = text.replace(/[ \t]+\n/g, "\n").trim();
        const hasText = clean2.replace(/[^\p{L}\p{N}]/gu, "").length >= MIN_TEXT_CHARS;
        if (hasText || !opts.imageOcr) {
          return { text: clean2, json_ocr: { source: "pdf_text", pages: totalPages, text_layer: clean2.length > 0, text: clean2 } };
        }
        const scans = await readScans(pdf, opts.imageOcr, opts.maxScanPages ?? 5);
        const scanText = scans.map((s) => s.text).filter(Boolean).join("\n\n");
        return {
          text: scanText || clean2,
          json_ocr: {
            source: "pdf_text",
            pages: totalPages,
            text_layer: clean2.length > 0,
            image_ocr: { engine: opts.imageOcr.name, pages_read: scans.length, pages: scans.map((s) => s.json_ocr) },
            text: scanText || clean2
          }
        };
      } catch (err) {
        return { text: "", json_ocr: { source: "pdf_text", error: "unreadable_pdf", message: err.message } };
      } finally {
        await pdf.destroy();
      }
    }
  };
}
async function readScans(pdf, engine, maxPages) {
  const out = [];
  for (const images of await pageImages(pdf, maxPages)) {
    const scan = images.filter((i) => i.width >= MIN_SCAN_SIDE && i.height >= MIN_SCAN_SIDE).sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!scan) continue;
    const read = await engine.run({ bytes: toBmp(scan), mime: "image/bmp", sha256: "" });
    if (read) out.push(read);
  }
  return out;
}
var pdfTextEngine = pdfEngine();

// src/pipeline/engines/image.ts
import { createRequire } from "module";
import path from "path";
var IMAGE_MIMES = /* @__PURE__ */ new Set(["image/png", "image/jpeg", "image/jpg", "image/tiff", "image/tif", "image/x-tiff", "image/bmp", "image/gif", "image/webp"]);
function isImage(b) {
  const starts = (...sig) => sig.every((v, i) => b[i] === v);
  return starts(137, 80, 78, 71) || starts(255, 216, 255) || starts(73, 73, 42, 0) || starts(77, 77, 0, 42) || starts(71, 73, 70, 56) || starts(66, 77) || starts(82, 73, 70, 70) && b[8] === 87 && b[9] === 69;
}
function languageDir(lang) {
  const require2 = createRequire(import.meta.url);
  const pkg = require2.resolve(`@tesseract.js-data/${lang}/package.json`);
  return path.join(path.dirname(pkg), "4.0.0_best_int");
}
function tesseractEngine(options = {}) {
  const languages = options.languages ?? ["spa"];
  return {
    name: "tesseract",
    supports: (mime) => IMAGE_MIMES.has(mime.toLowerCase()),
    async run({ bytes }) {
      if (!isImage(bytes)) return { text: "", json_ocr: { source: "tesseract", error: "unreadable_image", message: "not a PNG, JPEG, TIFF, GIF, BMP or WebP file" } };
      const mod = await import("tesseract.js");
      const { createWorker: createWorker2 } = mod.default ?? mod;
      const worker = await createWorker2(languages, 1, {
        langPath: languageDir(languages[0]),
        gzip: true,
        cacheMethod: "none",
        // Without a handler tesseract.js rethrows a failed job as an uncaught exception.
        errorHandler: () => {
        }
      });
      try {
        const { data } = await worker.recognize(Buffer.from(bytes));
        const text = data.text.trim();
        return { text, json_ocr: { source: "tesseract", languages, confidence: data.confidence, text } };
      } catch (err) {
        return { text: "", json_ocr: { source: "tesseract", error: "unreadable_image", message: String(err?.message ?? err) } };
      } finally {
        await worker.terminate();
      }
    }
  };
}
var imageEngine = tesseractEngine();
var noImageEngine = {
  name: "no_image_ocr",
  supports: (mime) => IMAGE_MIMES.has(mime.toLowerCase()),
  async run() {
    return { text: "", json_ocr: { source: "no_image_ocr" } };
  }
};

// src/pipeline/engines/fixture.ts
var OcrSourceError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "OcrSourceError";
  }
};
var isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
function fixtureEngine(lookup, opts = {}) {
  return {
    name: "ocr_fixture",
    supports: () => true,
    async run({ sha256 }) {
      if (!sha256) return null;
      const outcome = await lookup(sha256.toLowerCase());
      if (!isObject(outcome)) return null;
      if (typeof outcome.delay_ms === "number" && outcome.delay_ms > 0 && opts.sleep) await opts.sleep(outcome.delay_ms);
      if (typeof outcome.error === "string") throw new OcrSourceError(outcome.error);
      const text = typeof outcome.text === "string" ? outcome.text : "";
      const out = {
        text,
        json_ocr: isObject(outcome.json_ocr) ? outcome.json_ocr : { source: "ocr_fixture", text }
      };
      if (isObject(outcome.parsed_data)) out.parsed_data = outcome.parsed_data;
      if (typeof outcome.type === "string" && outcome.type.trim()) out.type = outcome.type.trim();
      return out;
    }
  };
}

// src/pipeline/runOcr.ts
import { createHash as createHash3 } from "crypto";
var ALIASES2 = {
  "image/jpg": "image/jpeg",
  "image/tif": "image/tiff",
  "image/x-tiff": "image/tiff",
  "text/xml": "application/xml"
};
function sniffMime(bytes, declared) {
  const b = bytes;
  const starts = (...sig) => sig.every((v, i) => b[i] === v);
  if (starts(37, 80, 68, 70, 45)) return "application/pdf";
  if (starts(137, 80, 78, 71)) return "image/png";
  if (starts(255, 216, 255)) return "image/jpeg";
  if (starts(73, 73, 42, 0) || starts(77, 77, 0, 42)) return "image/tiff";
  const head = new TextDecoder("latin1").decode(b.subarray(0, 64)).replace(/^\uFEFF|^ï»¿/, "").trimStart();
  if (head.startsWith("<?xml") || /^<[A-Za-z_][\w.-]*:?[\w.-]*[\s>]/.test(head)) return "application/xml";
  const mime = declared.trim().toLowerCase();
  return ALIASES2[mime] ?? mime;
}
function sha256Hex(bytes) {
  return createHash3("sha256").update(bytes).digest("hex");
}
function defaultEngines(opts = {}) {
  if (opts.imageOcr === false) return [cfdiXmlEngine, pdfTextEngine, noImageEngine];
  return [cfdiXmlEngine, pdfEngine({ imageOcr: imageEngine }), imageEngine];
}
async function runOcr(engines, input) {
  const mime = sniffMime(input.bytes, input.mime);
  const sha256 = input.sha256 || sha256Hex(input.bytes);
  for (const engine of engines) {
    if (!engine.supports(mime)) continue;
    const out = await engine.run({ bytes: input.bytes, mime, sha256 });
    if (out) return { ...out, engine: engine.name };
  }
  return { text: "", json_ocr: { source: "none", error: "unsupported_type", mime }, engine: "none" };
}

// src/pipeline/classify.ts
var UNKNOWN_TYPE = "unknown";
var MIN_SCORE = 0.35;
var r = (pattern, w, subtype) => ({ re: new RegExp(pattern), w, subtype });
var RULES = {
  invoice: [
    r(String.raw`\bFACTURA\b`, 0.5),
    r(String.raw`COMPROBANTE FISCAL DIGITAL`, 0.7, "cfdi"),
    r(String.raw`FOLIO FISCAL`, 0.6, "cfdi"),
    r(String.raw`\bCFDI\b`, 0.4, "cfdi"),
    r(String.raw`\bEMISOR\b`, 0.3),
    r(String.raw`\bRECEPTOR\b`, 0.3),
    r(String.raw`USO (?:DEL )?CFDI`, 0.4, "cfdi"),
    r(String.raw`SELLO DIGITAL DEL (?:CFDI|SAT|EMISOR)`, 0.4, "cfdi"),
    r(String.raw`REGIMEN FISCAL`, 0.2),
    r(String.raw`VERIFICACFDI`, 0.5, "cfdi"),
    r(String.raw`VALOR UNITARIO`, 0.3),
    r(String.raw`\bENDOS[OA]`, 0.2),
    r(String.raw`\bTENENCIA\b|\bREFRENDO\b|LINEA DE CAPTURA`, -0.5)
  ],
  tax_payment: [
    r(String.raw`IMPUESTO SOBRE (?:LA )?TENENCIA`, 0.8, "tenencia"),
    r(String.raw`\bTENENCIA\b`, 0.7, "tenencia"),
    r(String.raw`\bREFRENDO\b`, 0.6, "refrendo"),
    r(String.raw`CONTROL VEHICULAR`, 0.5, "refrendo"),
    r(String.raw`DERECHOS (?:VEHICULARES|DE (?:PLACAS|CIRCULACION))`, 0.4),
    r(String.raw`LINEA DE CAPTURA`, 0.4),
    r(String.raw`RECIBO (?:OFICIAL )?DE PAGO|COMPROBANTE DE PAGO|RECIBO OFICIAL`, 0.4),
    r(String.raw`EJERCICIO FISCAL`, 0.2),
    r(String.raw`\bPLACAS?\b`, 0.1)
  ],
  ine: [
    r(String.raw`INSTITUTO (?:NACIONAL|FEDERAL) ELECTORAL`, 0.9),
    r(String.raw`CREDENCIAL PARA VOTAR`, 0.9),
    r(String.raw`CLAVE DE ELECTOR`, 0.7),
    r(String.raw`(?:^|\n)\s*IDMEX`, 0.8)
  ],
  id_front: [
    r(String.raw`\bPASAPORTE\b|\bPASSPORT\b|(?:^|\n)P<MEX`, 0.7, "passport"),
    r(String.raw`LICENCIA (?:DE|PARA) CONDUCIR|LICENCIA DE MANEJO`, 0.7, "driver_license"),
    r(String.raw`CEDULA PROFESIONAL`, 0.6, "professional_id")
  ],
  curp: [
    r(String.raw`CLAVE UNICA DE REGISTRO DE POBLACION`, 0.9),
    r(String.raw`CONSTANCIA DE LA CLAVE`, 0.8),
    r(String.raw`REGISTRO NACIONAL DE POBLACION|\bRENAPO\b`, 0.5),
    r(String.raw`\bCURP\b`, 0.3)
  ],
  repuve: [
    r(String.raw`\bREPUVE\b`, 0.8),
    r(String.raw`REGISTRO PUBLICO VEHICULAR`, 0.9),
    r(String.raw`CONSTANCIA DE INSCRIPCION`, 0.4)
  ],
  certificate_title: [
    r(String.raw`TARJETA DE CIRCULACION`, 0.9, "tarjeta_circulacion"),
    r(String.raw`CERTIFICATE OF TITLE|CERTIFICADO DE TITULO`, 0.9, "title"),
    r(String.raw`TITULO DE PROPIEDAD`, 0.7, "title"),
    r(String.raw`LINEA DE CAPTURA|RECIBO (?:OFICIAL )?DE PAGO|COMPROBANTE DE PAGO`, -0.5),
    r(String.raw`TOTAL (?:A PAGAR|PAGADO)|IMPORTE PAGADO`, -0.4)
  ],
  alta_vehicular: [
    r(String.raw`ALTA VEHICULAR`, 0.9),
    r(String.raw`ALTA DEL? VEHICULO|ALTA DE PLACAS|CONSTANCIA DE ALTA`, 0.8),
    r(String.raw`MOVIMIENTO\s*:?\s*ALTA`, 0.6),
    r(String.raw`REEMPLACAMIENTO`, 0.4)
  ],
  vehicle_certificate: [
    r(String.raw`VERIFICACION VEHICULAR|CERTIFICADO DE VERIFICACION|CONSTANCIA DE VERIFICACION`, 0.8, "verificacion"),
    r(String.raw`CONSTANCIA DE BAJA|BAJA VEHICULAR|BAJA DE PLACAS|BAJA DEL? VEHICULO`, 0.8, "baja"),
    r(String.raw`CERTIFICADO VEHICULAR|CONSTANCIA VEHICULAR`, 0.8),
    r(String.raw`\bHOLOGRAMA\b`, 0.3, "verificacion")
  ],
  bank_account: [
    r(String.raw`ESTADO DE CUENTA`, 0.7),
    r(String.raw`\bCLABE\b`, 0.5),
    r(String.raw`CUENTA (?:BANCARIA|DE CHEQUES|DE AHORRO)`, 0.5),
    r(String.raw`\b(?:BBVA|BANORTE|SANTANDER|BANAMEX|CITIBANAMEX|HSBC|SCOTIABANK|INBURSA|BANCOPPEL|BANCO AZTECA)\b`, 0.3),
    r(String.raw`SALDO (?:ANTERIOR|FINAL|PROMEDIO)`, 0.3)
  ],
  lumo_checklist: [
    r(String.raw`\bLUMO\b`, 0.6),
    r(String.raw`CHECK\s?-?LIST|LISTA DE VERIFICACION|INSPECCION VEHICULAR`, 0.4)
  ]
};
var FILE_HINTS = [
  [/FACTURA|INVOICE|CFDI/, "invoice"],
  [/TENENCIA|REFRENDO/, "tax_payment"],
  [/\bINE\b|\bIFE\b|CREDENCIAL/, "ine"],
  [/\bCURP\b/, "curp"],
  [/REPUVE/, "repuve"],
  [/TARJETA|CIRCULACION|TITLE|TITULO/, "certificate_title"],
  [/\bALTA\b/, "alta_vehicular"],
  [/VERIFICACION|\bBAJA\b/, "vehicle_certificate"],
  [/ESTADO DE CUENTA|BANCO|CLABE/, "bank_account"],
  [/\bPLACAS?\b/, "vehicle_plate"]
];
var PLATE_TOKEN = /(?<![A-Z0-9])[A-Z]{3}[\s-]?\d{2,4}[\s-]?[A-Z0-9]{0,2}(?![A-Z0-9])/;
var round = (n) => Math.round(n * 100) / 100;
function manualClassification(type) {
  return { type: type.trim(), subtype: null, confidence: 1, method: "manual" };
}
function classifyDocument(input) {
  const ns = input.xmlRootNamespace;
  if (ns && CFDI_NAMESPACES[ns]) return { type: "factura_xml", subtype: `cfdi_${CFDI_NAMESPACES[ns]}`, confidence: 1 };
  const text = fold2(input.text ?? "");
  const hint = input.fileName ? fold2(input.fileName).replace(/[_\-.]+/g, " ") : "";
  if (!text.trim()) return { type: UNKNOWN_TYPE, subtype: null, confidence: 0 };
  const scores = [];
  for (const [type, rules] of Object.entries(RULES)) {
    let miss = 1;
    let penalty = 1;
    const subtypes = [];
    for (const rule of rules) {
      if (!rule.re.test(text)) continue;
      if (rule.w < 0) penalty *= 1 + rule.w;
      else {
        miss *= 1 - rule.w;
        if (rule.subtype) subtypes.push([rule.subtype, rule.w]);
      }
    }
    if (FILE_HINTS.some(([re, t2]) => t2 === type && re.test(hint))) miss *= 0.7;
    subtypes.sort((a, b) => b[1] - a[1]);
    scores.push({ type, score: (1 - miss) * penalty, subtype: subtypes[0]?.[0] ?? null });
  }
  const otherwise = scores.some((s) => s.score > 0);
  if (!otherwise && text.replace(/\s+/g, " ").trim().length <= 80 && PLATE_TOKEN.test(text)) {
    scores.push({ type: "vehicle_plate", score: FILE_HINTS.some(([re, t2]) => t2 === "vehicle_plate" && re.test(hint)) ? 0.7 : 0.5, subtype: null });
  }
  if (input.mime.includes("xml") && /\bCFDI\b/.test(text)) scores.push({ type: "factura_xml", score: 0.9, subtype: null });
  scores.sort((a, b) => b.score - a.score);
  const [top, second] = scores;
  if (!top || top.score < MIN_SCORE) return { type: UNKNOWN_TYPE, subtype: null, confidence: 0 };
  const margin = second ? 1 - second.score / (2 * top.score) : 1;
  const subtype = top.type === "ine" ? ineSide(text) : top.subtype;
  return { type: top.type, subtype, confidence: round(Math.min(0.99, top.score * margin)) };
}
function ineSide(text) {
  const front = /\bNOMBRE\b|\bDOMICILIO\b|CLAVE DE ELECTOR/.test(text);
  const back = /(?:^|\n)\s*IDMEX/.test(text);
  return front && back ? "front_and_reverse" : back ? "reverse" : "front";
}

// src/pipeline/extractors/index.ts
import { parsedDataSchema } from "@vcase/shared";

// src/pipeline/mrz.ts
var LINE = /^[A-Z0-9<]{30}$/;
function normalizeLine(line) {
  return line.toUpperCase().replace(/«/g, "<<").replace(/\s+/g, "").replace(/[^A-Z0-9<]/g, "<");
}
function findTd1(text) {
  const lines = text.split(/\n/).map(normalizeLine).filter(Boolean);
  const fits = (l, min) => !!l && l.length >= min && l.length <= 32;
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!/^I[D<][A-Z<]{3}/.test(lines[i]) || !fits(lines[i], 28) || !fits(lines[i + 1], 28) || !fits(lines[i + 2], 5)) continue;
    if (!/^\d{6}[0-9<][MF<]\d{6}[0-9<][A-Z<]{3}/.test(lines[i + 1])) continue;
    const three = [lines[i], lines[i + 1], lines[i + 2]].map((l) => l.padEnd(30, "<").slice(0, 30));
    if (three.every((l) => LINE.test(l))) return parseTd1(three);
  }
  return void 0;
}
function parseTd1(lines) {
  const [l1, l2, l3] = lines;
  const docNumber = l1.slice(5, 14);
  const birth = l2.slice(0, 6);
  const expiry = l2.slice(8, 14);
  const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  const checks = {
    document_number: mrzCheckDigit(docNumber) === l1[14],
    birth_date: mrzCheckDigit(birth) === l2[6],
    expiry_date: mrzCheckDigit(expiry) === l2[14],
    composite: mrzCheckDigit(composite) === l2[29]
  };
  const [surnames = "", given = ""] = l3.split(/<<+/, 2).length === 2 ? splitNames(l3) : [l3.replace(/<+/g, " ").trim(), ""];
  const surnameParts = surnames.split("<").filter(Boolean);
  const sex = l2[7] === "F" ? "M" : l2[7] === "M" ? "H" : void 0;
  const expiryYy = Number(expiry.slice(0, 2));
  const pivot = Number.isFinite(expiryYy) ? expiryYy - 18 : 0;
  const mrz = {
    lines,
    document_code: l1.slice(0, 2).replace(/</g, ""),
    issuing_state: l1.slice(2, 5),
    document_number: docNumber.replace(/</g, ""),
    optional_data: l1.slice(15, 30).replace(/</g, " ").trim(),
    birth_date: parseYymmdd(birth, pivot),
    sex,
    // Expiry dates are in this century.
    expiry_date: parseYymmdd(expiry, 99),
    nationality: l2.slice(15, 18).replace(/</g, ""),
    apellido_paterno: surnameParts[0],
    apellido_materno: surnameParts.slice(1).join(" ") || void 0,
    nombre: given.replace(/</g, " ").trim() || void 0,
    checks,
    valid: Object.values(checks).every(Boolean)
  };
  return JSON.parse(JSON.stringify(mrz));
}
function splitNames(l3) {
  const at = l3.indexOf("<<");
  return [l3.slice(0, at), l3.slice(at + 2).replace(/<+$/, "")];
}

// src/pipeline/extractors/names.ts
var PARTICLES = /* @__PURE__ */ new Set(["DE", "DEL", "LA", "LAS", "LOS", "Y", "MC", "MAC", "VAN", "VON", "DA", "DI"]);
function units(full) {
  const words = full.toUpperCase().replace(/[^A-ZÁÉÍÓÚÜÑ' -]/g, " ").split(/\s+/).filter(Boolean);
  const out = [];
  let pending = [];
  for (const w of words) {
    if (PARTICLES.has(w)) pending.push(w);
    else {
      out.push([...pending, w].join(" "));
      pending = [];
    }
  }
  if (pending.length) out.push(pending.join(" "));
  return out;
}
var fold3 = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
var initial = (unit) => fold3(unit.split(" ").filter((w) => !PARTICLES.has(w))[0] ?? unit)[0];
function consistent(p, curp) {
  return !!p.apellido_paterno && !!p.nombre && initial(p.apellido_paterno) === curp[0] && (p.apellido_materno ? initial(p.apellido_materno) === curp[2] : curp[2] === "X") && // MARIA and JOSE are skipped when another given name follows.
  (initial(p.nombre) === curp[3] || initial(units(p.nombre)[1] ?? "") === curp[3]);
}
function splitFullName(full, order, curp) {
  const u = units(full);
  const split = (o) => {
    if (u.length === 1) return { nombre: u[0] };
    if (u.length === 2) return o === "given_first" ? { nombre: u[0], apellido_paterno: u[1] } : { apellido_paterno: u[0], nombre: u[1] };
    return o === "given_first" ? { nombre: u.slice(0, -2).join(" "), apellido_paterno: u[u.length - 2], apellido_materno: u[u.length - 1] } : { apellido_paterno: u[0], apellido_materno: u[1], nombre: u.slice(2).join(" ") };
  };
  const preferred = split(order);
  if (curp && curp.length >= 4 && !consistent(preferred, curp)) {
    const other = split(order === "given_first" ? "surnames_first" : "given_first");
    if (consistent(other, curp)) return other;
  }
  return preferred;
}
function fullName(p) {
  const s = [p.nombre, p.apellido_paterno, p.apellido_materno].filter((x) => x && x.trim()).join(" ").trim();
  return s || void 0;
}

// src/pipeline/extractors/identity.ts
var CURP_TOKEN = String.raw`(?<![A-Z0-9])[A-Z][AEIOUX][A-Z]{2}\d{6}[HM][A-Z]{2}[A-Z]{3}[0-9A-Z]\d(?![A-Z0-9])`;
var CLAVE_TOKEN = String.raw`(?<![A-Z0-9])[A-Z]{6}\d{8}[HM]\d{3}(?![A-Z0-9])`;
var ID_LABELS = {
  ...LABELS,
  apellido_paterno: { pattern: String.raw`PRIMER\s*APELLIDO|APELLIDO\s*PATERNO` },
  apellido_materno: { pattern: String.raw`SEGUNDO\s*APELLIDO|APELLIDO\s*MATERNO` },
  apellidos: { pattern: String.raw`APELLIDOS` },
  nombre: { pattern: String.raw`NOMBRE\s*\(?S\)?|NOMBRES?` },
  // Lines of the INE front that end the name block.
  other: { pattern: `${LABELS.other.pattern}|EDAD|CLAVE|ESTADO|MUNICIPIO|LOCALIDAD|EMISION` }
};
function findCurp(t2) {
  const all = matchesOf(t2, CURP_TOKEN).map((m) => m.value.toUpperCase());
  return all.find((c) => validateCurp(c).valid) ?? all[0];
}
function findClaveElector(t2) {
  return matchesOf(t2, CLAVE_TOKEN).map((m) => m.value.toUpperCase()).find((v) => CLAVE_ELECTOR_PATTERN.test(v));
}
function ineNameBlock(t2, curp) {
  const lines = t2.original.split("\n");
  const folded = t2.folded.split("\n");
  const at = folded.findIndex((l) => /^NOMBRE\b/.test(l.trim()));
  if (at < 0) return void 0;
  const stop = /^(DOMICILIO|SEXO|CLAVE|CURP|FECHA|SECCION|VIGENCIA|EDAD|A[NÑ]O|ESTADO|MUNICIPIO|LOCALIDAD|EMISION)\b/;
  const block = [];
  const inline = lines[at].trim().replace(/^NOMBRE\s*:?\s*/i, "");
  const inlineFolded = folded[at].trim().replace(/^NOMBRE\s*:?\s*/, "");
  const cut = inlineFolded.search(/\s(DOMICILIO|SEXO|FECHA|EDAD)\b/);
  if (inline && !stop.test(inlineFolded)) block.push(cut >= 0 ? inline.slice(0, cut) : inline);
  for (let i = at + 1; i < lines.length && block.length < 4; i++) {
    const f = folded[i].trim();
    if (!f) continue;
    if (stop.test(f)) break;
    const end = f.search(/\s(DOMICILIO|SEXO|FECHA|EDAD)\b/);
    block.push(end >= 0 ? lines[i].trim().slice(0, end) : lines[i].trim());
  }
  const names = block.map((l) => cleanName(l)).filter((l) => !!l);
  if (names.length >= 3) return { apellido_paterno: names[0], apellido_materno: names[1], nombre: names.slice(2).join(" ") };
  if (names.length === 2) return { apellido_paterno: names[0], nombre: names[1] };
  if (names.length === 1) return splitFullName(names[0], "surnames_first", curp);
  return void 0;
}
var compact = (p) => Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => typeof v === "string" && v.trim()));
function extractIdentity(t2) {
  const segs = segments(t2, ID_LABELS);
  const mrz = findTd1(t2.original);
  const curp = findCurp(t2);
  const curpInfo = curp ? validateCurp(curp) : void 0;
  const labeled = compact({
    apellido_paterno: cleanName(valuesOf(segs, "apellido_paterno")[0]),
    apellido_materno: cleanName(valuesOf(segs, "apellido_materno")[0]),
    nombre: labeledGivenName(segs)
  });
  let names = labeled.apellido_paterno ? labeled : compact(ineNameBlock(t2, curp));
  if (!names.nombre && mrz) names = compact({ nombre: mrz.nombre, apellido_paterno: mrz.apellido_paterno, apellido_materno: mrz.apellido_materno });
  const birth = parseDate(valuesOf(segs, "fecha_nacimiento")[0]) ?? curpInfo?.birthDate ?? mrz?.birth_date ?? void 0;
  return {
    data: { ...names, curp, clave_elector: findClaveElector(t2), fecha_nacimiento: birth },
    mrz
  };
}
function labeledGivenName(segs) {
  return cleanName(valuesOf(segs, "nombre")[0]);
}
function extractCurpDocument(t2) {
  const segs = segments(t2, ID_LABELS);
  const curp = findCurp(t2);
  const info = curp ? validateCurp(curp) : void 0;
  const paterno = cleanName(valuesOf(segs, "apellido_paterno")[0]);
  const full = cleanName(valuesOf(segs, "nombre")[0]);
  const names = paterno ? compact({ nombre: full, apellido_paterno: paterno, apellido_materno: cleanName(valuesOf(segs, "apellido_materno")[0]) }) : full ? compact(splitFullName(full, "given_first", curp)) : {};
  return {
    ...names,
    curp,
    fecha_nacimiento: parseDate(valuesOf(segs, "fecha_nacimiento")[0]) ?? info?.birthDate ?? void 0
  };
}

// src/pipeline/extractors/vehicle.ts
function findFolio(segs) {
  for (const v of valuesOf(segs, "folio")) {
    const compact2 = v.replace(/\s+/g, "").toUpperCase();
    if (/^[A-Z0-9-]{3,20}$/.test(compact2) && /\d/.test(compact2)) return compact2;
    const token = v.split(/\s+/).find((w) => /\d/.test(w) && /^[A-Z0-9-]+$/i.test(w));
    if (token) return token.toUpperCase();
  }
  return void 0;
}
function documentDate(t2, segs, extra = []) {
  return findDate(segs, ["fecha_expedicion", ...extra, "fecha"]) ?? findDates(t2.original)[0]?.date;
}
function extractVehicleDocument(t2) {
  const segs = segments(t2, LABELS);
  return {
    vin: findVin(t2, segs, { partial: true }),
    placa: findPlate(segs),
    entidad: findEntity(t2, segs),
    propietario: cleanName(valuesOf(segs, "propietario")[0] ?? valuesOf(segs, "nombre")[0]),
    numero_motor: findMotor(segs),
    fecha_documento: documentDate(t2, segs),
    ...findMakeModel(segs),
    folio: findFolio(segs)
  };
}
function extractVehiclePlate(t2) {
  const segs = segments(t2, LABELS);
  const labeled = findPlate(segs);
  const token = matchesOf(t2, String.raw`(?<![A-Z0-9])[A-Z]{2,3}[\s-]?\d{2,4}[\s-]?[A-Z0-9]{0,2}(?![A-Z0-9])`).map((m) => normalizePlate(m.value)).find(isPlausiblePlate);
  return { placa: labeled ?? token, entidad: findEntity(t2, segs) ?? findEntityInText(t2.original) ?? void 0 };
}

// src/pipeline/extractors/invoice.ts
var INVOICE_LABELS = {
  ...LABELS,
  rfc_emisor: { pattern: String.raw`RFC\s*(?:DEL\s*)?EMISOR` },
  rfc_receptor: { pattern: String.raw`RFC\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)` },
  nombre_emisor: { pattern: String.raw`(?:NOMBRE|RAZON\s*SOCIAL)\s*(?:DEL\s*)?EMISOR|EMISOR|VENDEDOR|EXPEDIDO\s*POR` },
  nombre_receptor: {
    pattern: String.raw`(?:NOMBRE|RAZON\s*SOCIAL)\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)|RECEPTOR|CLIENTE|FACTURAR\s*A|ADQUIRENTE|COMPRADOR`
  },
  endoso: { pattern: String.raw`ENDOSOS?` }
};
var RFC_TOKEN = String.raw`(?<![A-Z0-9&Ñ])[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[A0-9](?![A-Z0-9])`;
var UUID = String.raw`[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}`;
function rfcIn(value) {
  const m = value ? new RegExp(RFC_TOKEN).exec(value.toUpperCase()) : null;
  return m && validateRfc(m[0]).valid ? m[0] : void 0;
}
function nameIn(value) {
  if (!value) return void 0;
  return cleanName(value.toUpperCase().replace(new RegExp(RFC_TOKEN, "g"), " ").replace(/\bR\.?\s?F\.?\s?C\.?\s*:?/g, " "));
}
function headerCompany(t2) {
  for (const line of t2.original.split("\n").slice(0, 3)) {
    const name = cleanName(line);
    if (name && !/\d/.test(name) && personType(name) === "moral") return name;
  }
  return void 0;
}
function findEndorsements(t2, receptor) {
  const start = t2.folded.search(/\bENDOS[OA]/);
  if (start < 0) return [];
  const tail = { original: t2.original.slice(start), folded: t2.folded.slice(start) };
  const out = [];
  const explicit = matchesOf(tail, String.raw`\bDE\s*:\s*([^\n]+?)\s+A\s*:\s*([^\n]+?)\s+FECHA\s*:\s*([^\n]+)`);
  for (const m of explicit) {
    const fecha = parseDate(m.groups[2]);
    const de = cleanName(m.value.slice(m.value.indexOf(":") + 1).split(/\s+A\s*:/i)[0]);
    const a = cleanName(/\sA\s*:\s*(.+?)\s+FECHA\s*:/i.exec(m.value)?.[1]);
    if (fecha && de && a) out.push({ de, a, fecha });
  }
  if (out.length) return out;
  let holder = receptor;
  for (const m of matchesOf(tail, String.raw`A FAVOR DE\s+([A-ZÑ&.' ]+?)(?=\s+(?:EL|CON FECHA|EN|FECHA)\b|[,.;\n]|\s+\d)`)) {
    const a = cleanName(tail.original.slice(m.index + m.value.length - m.groups[0].length, m.index + m.value.length));
    const around = tail.original.slice(m.index + m.value.length, m.index + m.value.length + 120);
    const fecha = findDates(around)[0]?.date;
    if (a && fecha && holder) out.push({ de: holder, a, fecha });
    if (a) holder = a;
  }
  return out;
}
function extractInvoice(t2) {
  const segs = segments(t2, INVOICE_LABELS);
  const rfcs = matchesOf(t2, RFC_TOKEN).map((m) => m.value.toUpperCase()).filter((v) => validateRfc(v).valid);
  const rfcEmisor = rfcIn(valuesOf(segs, "rfc_emisor")[0]) ?? rfcIn(valuesOf(segs, "nombre_emisor")[0]);
  const rfcReceptor = rfcIn(valuesOf(segs, "rfc_receptor")[0]) ?? rfcIn(valuesOf(segs, "nombre_receptor")[0]);
  const emisor = rfcEmisor ?? rfcs.find((r2) => r2 !== rfcReceptor);
  const receptor = rfcReceptor ?? rfcs.find((r2) => r2 !== emisor);
  const nombreReceptor = nameIn(valuesOf(segs, "nombre_receptor")[0]);
  const totals = valuesOf(segs, "total").map((v) => parseAmount(v)).filter((n) => n !== void 0);
  const fecha = findDate(segs, ["fecha_expedicion", "fecha"]) ?? findDates(t2.original)[0]?.date;
  const pedimentoRaw = valuesOf(segs, "pedimento").map((v) => /\d{2}\s*\d{2}\s*\d{4}\s*\d{7}/.exec(v)?.[0]).find(Boolean);
  const pedimento = pedimentoRaw ? normalizePedimento(pedimentoRaw) : void 0;
  const make = findMakeModel(segs);
  const endosos = findEndorsements(t2, nombreReceptor);
  return {
    rfc_emisor: emisor,
    nombre_emisor: nameIn(valuesOf(segs, "nombre_emisor")[0]) ?? headerCompany(t2),
    rfc_receptor: receptor,
    nombre_receptor: nombreReceptor,
    monto_total: totals.length ? Math.max(...totals) : void 0,
    fecha_emision: fecha,
    fecha_documento: fecha,
    folio_fiscal: matchesOf(t2, UUID)[0]?.value.toUpperCase(),
    folio: findFolio(segs),
    vin: findVin(t2, segs),
    numero_motor: findMotor(segs),
    ...make,
    pedimento,
    aduana: valuesOf(segs, "aduana")[0]?.trim() || (pedimento ? aduanaOfPedimento(pedimento) : void 0),
    ano_vehiculo: pedimento ? make.anio_modelo : void 0,
    endosos: endosos.length ? endosos : void 0
  };
}

// src/pipeline/extractors/taxPayment.ts
var YEAR = /(?<!\d)(20\d\d|19[5-9]\d)(?!\d)/g;
function yearsIn(value) {
  const range = /(?<!\d)(20\d\d|19\d\d)\s*(?:A|AL|-|–)\s*(20\d\d|19\d\d)(?!\d)/i.exec(value);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to >= from && to - from < 10) return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  return [...value.matchAll(YEAR)].map((m) => Number(m[1]));
}
function fiscalYears(t2) {
  const segs = segments(t2, LABELS);
  const years = /* @__PURE__ */ new Set();
  for (const v of valuesOf(segs, "ejercicio")) for (const y of yearsIn(v.slice(0, 40))) years.add(y);
  const concept = String.raw`(?:TENENCIA|REFRENDO|CONTROL VEHICULAR|DERECHOS VEHICULARES)(?:\s+(?:EJERCICIO|A[NÑ]O|DEL?))?\s*:?\s*(20\d\d)(?!\d)`;
  for (const m of matchesOf(t2, concept)) years.add(Number(m.groups[0]));
  const sorted = [...years].sort((a, b) => a - b);
  return sorted.length === 0 ? void 0 : sorted.length === 1 ? sorted[0] : sorted;
}
function extractTaxPayment(t2) {
  const segs = segments(t2, LABELS);
  const fechaPago = findDate(segs, ["fecha_pago", "fecha"]) ?? documentDate(t2, segs);
  const totals = valuesOf(segs, "total").map((v) => parseAmount(v)).filter((n) => n !== void 0);
  return {
    placa: findPlate(segs),
    entidad: findEntity(t2, segs),
    ejercicio_fiscal: fiscalYears(t2),
    fecha_pago: fechaPago,
    fecha_documento: findDate(segs, ["fecha_expedicion"]) ?? fechaPago,
    total: totals.length ? Math.max(...totals) : void 0,
    vin: findVin(t2, segs, { partial: true }),
    propietario: cleanName(valuesOf(segs, "propietario")[0] ?? valuesOf(segs, "nombre")[0]),
    folio: findFolio(segs),
    ...findMakeModel(segs)
  };
}

// src/pipeline/extractors/index.ts
var EXTRACTORS = {
  factura: extractInvoice,
  factura_xml: extractInvoice,
  invoice: extractInvoice,
  tax_payment: extractTaxPayment,
  tenencia: extractTaxPayment,
  certificate_title: extractVehicleDocument,
  vehicle_certificate: extractVehicleDocument,
  alta_vehicular: extractVehicleDocument,
  repuve: extractVehicleDocument,
  lumo_checklist: extractVehicleDocument,
  vehicle_plate: extractVehiclePlate,
  ine: (t2) => extractIdentity(t2).data,
  id_front: (t2) => extractIdentity(t2).data,
  id_front_and_reverse: (t2) => extractIdentity(t2).data,
  curp: extractCurpDocument
};
var EXTRACTED_TYPES = Object.keys(EXTRACTORS);
function anyCheckedVin(t2) {
  const vin = matchesOf(t2, String.raw`(?<![A-Z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Z0-9])`).map((m) => m.value.toUpperCase()).find((v) => validateVin(v).checkDigitValid);
  return { vin };
}
var SHAPE = parsedDataSchema.shape;
function sanitizeParsedData(data) {
  const out = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === void 0 || value === "") continue;
    const schema = SHAPE[key];
    if (!schema) {
      out[key] = value;
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== void 0) out[key] = parsed.data;
  }
  return out;
}
function extractParsedData(type, text, ocr) {
  if (ocr?.parsed_data) return sanitizeParsedData(ocr.parsed_data);
  const t2 = view(text ?? "");
  if (!t2.original.trim()) return {};
  const extractor = type && EXTRACTORS[type] || anyCheckedVin;
  return sanitizeParsedData(extractor(t2));
}

// src/pipeline/owner.ts
var str = (v) => typeof v === "string" && v.trim() ? v.trim() : void 0;
function ownerInfo(parsed) {
  if (!parsed) return null;
  const endosos = Array.isArray(parsed.endosos) ? parsed.endosos : [];
  const lastEndorsee = str(endosos[endosos.length - 1]?.a);
  if (lastEndorsee) return { nombre: lastEndorsee, person_type: personType(lastEndorsee), source: "endosos" };
  const propietario = str(parsed.propietario);
  if (propietario) return { nombre: propietario, person_type: personType(propietario), source: "propietario" };
  const person = {
    nombre: str(parsed.nombre),
    apellido_paterno: str(parsed.apellido_paterno),
    apellido_materno: str(parsed.apellido_materno)
  };
  const full = fullName(person);
  if (full) {
    const owner = { nombre: full, person_type: "fisica", source: "nombre" };
    if (person.nombre) owner.nombres = person.nombre;
    if (person.apellido_paterno) owner.apellido_paterno = person.apellido_paterno;
    if (person.apellido_materno) owner.apellido_materno = person.apellido_materno;
    for (const key of ["curp", "clave_elector", "fecha_nacimiento"]) {
      const v = str(parsed[key]);
      if (v) owner[key] = v;
    }
    return owner;
  }
  const receptor = str(parsed.nombre_receptor);
  if (receptor) {
    const rfc = str(parsed.rfc_receptor);
    const byRfc = rfc ? validateRfc(rfc).personType : null;
    const owner = { nombre: receptor, person_type: byRfc ?? personType(receptor), source: "nombre_receptor" };
    if (rfc) owner.rfc = rfc;
    return owner;
  }
  return null;
}

// src/pipeline/validity.ts
var VALIDITY_CODES = {
  NO_TEXT: "problem",
  FILE_UNREADABLE: "problem",
  UNCLASSIFIED: "problem",
  MISSING_FIELDS: "problem",
  VIN_INVALID: "problem",
  VIN_CHECK_DIGIT_INVALID: "problem",
  VIN_CHECK_DIGIT_WARNING: "warning",
  VIN_PARTIAL: "info",
  CURP_INVALID: "problem",
  CURP_CHECK_DIGIT_INVALID: "problem",
  RFC_INVALID: "problem",
  RFC_GENERIC: "warning",
  RFC_FOREIGN: "warning",
  RFC_CHECKSUM_MISMATCH: "warning",
  CLAVE_ELECTOR_INVALID: "problem",
  MRZ_CHECK_INVALID: "problem",
  ID_EXPIRED: "problem",
  PLATE_UNUSUAL: "warning"
};
var REQUIRED_FIELDS = {
  factura: ["vin", "rfc_emisor", "monto_total"],
  factura_xml: ["vin", "rfc_emisor", "monto_total", "folio_fiscal"],
  invoice: ["vin", "rfc_emisor", "monto_total"],
  tax_payment: ["placa", "ejercicio_fiscal"],
  tenencia: ["placa", "ejercicio_fiscal"],
  certificate_title: ["placa", "vin"],
  alta_vehicular: ["placa", "vin"],
  vehicle_certificate: ["placa"],
  repuve: ["vin"],
  vehicle_plate: ["placa"],
  ine: ["nombre", "apellido_paterno"],
  id_front: ["nombre", "apellido_paterno"],
  id_front_and_reverse: ["nombre", "apellido_paterno"],
  curp: ["curp"]
};
var ERROR_CODES = new Set(
  Object.entries(VALIDITY_CODES).filter(([code, kind]) => kind === "problem" && !["NO_TEXT", "FILE_UNREADABLE", "UNCLASSIFIED", "MISSING_FIELDS"].includes(code)).map(([code]) => code)
);
var ID_TYPES = /* @__PURE__ */ new Set(["ine", "id_front", "id_front_and_reverse"]);
var str2 = (v) => typeof v === "string" && v.trim() ? v.trim() : void 0;
function vinCodes(vin) {
  const v = validateVin(vin);
  if (v.normalized.length !== 17) return isPartialVin(v.normalized) ? ["VIN_PARTIAL"] : ["VIN_INVALID"];
  if (v.reason === "alphabet") return ["VIN_INVALID"];
  if (!v.valid) return ["VIN_CHECK_DIGIT_INVALID"];
  return v.warning ? ["VIN_CHECK_DIGIT_WARNING"] : [];
}
function rfcCodes(rfc) {
  const r2 = validateRfc(rfc);
  if (!r2.valid) return ["RFC_INVALID"];
  if (r2.generic === "national") return ["RFC_GENERIC"];
  if (r2.generic === "foreign") return ["RFC_FOREIGN"];
  return r2.checksumValid ? [] : ["RFC_CHECKSUM_MISMATCH"];
}
function computeValidity(input) {
  const data = input.parsed_data ?? {};
  const text = input.text ?? "";
  const codes = [];
  const userInfo = userInfoOf(data);
  const hasData = Object.keys(data).length > 0;
  if (!text.trim() && !hasData) {
    codes.push("NO_TEXT");
    if (input.json_ocr && "error" in input.json_ocr) codes.push("FILE_UNREADABLE");
    return { document_validity: "unreadable", codes, userInfo };
  }
  const type = input.type?.trim();
  if (!type || type === "unknown") codes.push("UNCLASSIFIED");
  const vin = str2(data.vin);
  if (vin) codes.push(...vinCodes(vin));
  const curp = str2(data.curp);
  if (curp) {
    const c = validateCurp(curp);
    if (!c.valid) codes.push(c.reason === "check_digit" ? "CURP_CHECK_DIGIT_INVALID" : "CURP_INVALID");
  }
  for (const key of ["rfc_emisor", "rfc_receptor"]) {
    const rfc = str2(data[key]);
    if (rfc) codes.push(...rfcCodes(rfc));
  }
  const clave = str2(data.clave_elector);
  if (clave && !validateClaveElector(clave).valid) codes.push("CLAVE_ELECTOR_INVALID");
  const placa = str2(data.placa);
  if (placa && !isPlausiblePlate(normalizePlate(placa))) codes.push("PLATE_UNUSUAL");
  if (type && ID_TYPES.has(type)) {
    const mrz = findTd1(text);
    if (mrz && !mrz.valid) codes.push("MRZ_CHECK_INVALID");
    const expiry = mrz?.expiry_date && isoOf(mrz.expiry_date);
    if (expiry && input.today && expiry < input.today.toISOString().slice(0, 10)) codes.push("ID_EXPIRED");
  }
  const missing = (type ? REQUIRED_FIELDS[type] ?? [] : []).filter((k) => data[k] === void 0 || data[k] === null || data[k] === "");
  if (missing.length) codes.push("MISSING_FIELDS", ...missing.map((k) => `MISSING_${k.toUpperCase()}`));
  const unique = [...new Set(codes)];
  const document_validity = unique.some((c) => ERROR_CODES.has(c)) ? "invalid" : unique.includes("UNCLASSIFIED") ? "unknown" : unique.includes("MISSING_FIELDS") ? "incomplete" : "valid";
  return { document_validity, codes: unique, userInfo };
}
function userInfoOf(data) {
  const owner = ownerInfo(data);
  if (!owner) return {};
  const info = { nombre: owner.nombre };
  if (owner.curp) info.curp = owner.curp;
  if (owner.rfc) info.rfc = owner.rfc;
  return info;
}

// src/pipeline/codes.ts
import jpeg from "jpeg-js";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { getDocumentProxy as getDocumentProxy2 } from "unpdf";
var MAX_SIDE = 2e3;
function decodeImage(bytes, mime) {
  if (mime === "image/png") {
    const png = PNG.sync.read(Buffer.from(bytes));
    return { data: png.data, width: png.width, height: png.height };
  }
  if (mime === "image/jpeg") {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
    return { data: img.data, width: img.width, height: img.height };
  }
  return void 0;
}
function fit(img) {
  const scale = Math.max(img.width, img.height) / MAX_SIDE;
  if (scale <= 1) return img;
  const width = Math.floor(img.width / scale);
  const height = Math.floor(img.height / scale);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor(y * scale);
    for (let x = 0; x < width; x++) {
      const s = (sy * img.width + Math.floor(x * scale)) * 4;
      data.set(img.data.subarray(s, s + 4), (y * width + x) * 4);
    }
  }
  return { data, width, height };
}
function decodeQr(img) {
  const small = fit(img);
  const data = small.data instanceof Uint8ClampedArray ? small.data : new Uint8ClampedArray(small.data.buffer, small.data.byteOffset, small.data.byteLength);
  return jsQR(data, small.width, small.height, { inversionAttempts: "attemptBoth" })?.data || void 0;
}
function qrFromImage(bytes, mime) {
  try {
    const img = decodeImage(bytes, mime);
    return img ? decodeQr(img) : void 0;
  } catch {
    return void 0;
  }
}
async function qrFromPdf(bytes, maxPages = 3) {
  try {
    const pdf = await getDocumentProxy2(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const found2 = [];
      for (const images of await pageImages(pdf, maxPages)) {
        for (const img of images) {
          if (img.width < 21 || img.height < 21) continue;
          const value = decodeQr({ data: toRgba(img), width: img.width, height: img.height });
          if (value) found2.push(value);
        }
      }
      return found2;
    } finally {
      await pdf.destroy();
    }
  } catch {
    return [];
  }
}
function codesFromText(text) {
  const out = [];
  for (const m of text.matchAll(/https?:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?\S+/gi)) {
    out.push({ kind: "qr", value: m[0] });
  }
  for (const m of text.matchAll(/\?re=[A-Z0-9&Ñ]{12,13}&rr=[A-Z0-9&Ñ]{12,13}&tt=[\d.]+&id=[0-9A-F-]{36}/gi)) {
    out.push({ kind: "qr", value: m[0] });
  }
  const t2 = view(text);
  for (const v of valuesOf(segments(t2, LABELS), "linea_captura")) {
    const code = v.replace(/\s+/g, "");
    if (/^[A-Z0-9]{15,40}$/i.test(code)) out.push({ kind: "barcode", value: code.toUpperCase() });
  }
  return out;
}
async function extractCodes(bytes, mime, text) {
  const real = sniffMime(bytes, mime);
  const found2 = [];
  const qrs = real === "application/pdf" ? await qrFromPdf(bytes) : real.startsWith("image/") ? [qrFromImage(bytes, real)] : [];
  for (const value of qrs) if (value) found2.push({ kind: "qr", value });
  found2.push(...codesFromText(text ?? ""));
  const seen = /* @__PURE__ */ new Set();
  return found2.filter((c) => {
    const key = `${c.kind}:${c.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// src/pipeline/processDocument.ts
async function processDocument(input) {
  const ocr = await runOcr(input.engines, { bytes: input.bytes, mime: input.mime, sha256: input.sha256 });
  const version = typeof ocr.json_ocr.version === "string" && ocr.json_ocr.source === "cfdi_xml" ? ocr.json_ocr.version : void 0;
  const engineSubtype = ocr.type === "factura_xml" && version ? `cfdi_${version}` : null;
  let type;
  let subtype;
  let classification;
  if (input.manualType?.trim()) {
    const manual = manualClassification(input.manualType);
    type = manual.type;
    subtype = manual.type === ocr.type ? engineSubtype : null;
    classification = { method: "manual", confidence: 1 };
  } else if (ocr.type) {
    type = ocr.type;
    subtype = engineSubtype;
    classification = { method: "automatic", confidence: 1 };
  } else {
    const c = classifyDocument({ mime: input.mime, text: ocr.text, fileName: input.fileName });
    type = c.type === UNKNOWN_TYPE ? null : c.type;
    subtype = c.subtype;
    classification = { method: "automatic", confidence: c.confidence };
  }
  const parsed_data = extractParsedData(type, ocr.text, ocr);
  const validity = computeValidity({ type, parsed_data, text: ocr.text, json_ocr: ocr.json_ocr, today: input.today });
  return { type, subtype, classification, json_ocr: ocr.json_ocr, parsed_data, validity, text: ocr.text, engine: ocr.engine };
}

// src/providers/sandboxOcr.ts
async function lookupSandboxOcr(ctx, sha256) {
  if (!sha256) return void 0;
  return getFixture(ctx.db, "ocr", sha256.toLowerCase());
}

// src/services/lookups/invoices.service.ts
import {
  INVOICE_CHECK_KEYS,
  INVOICE_CHECK_MESSAGES as M
} from "@vcase/shared";

// src/providers/lookupSource.ts
import { setTimeout as sleep } from "timers/promises";

// src/providers/outcome.ts
function toOutcome(raw) {
  if (typeof raw.error === "string") return { kind: "error", error: raw.error };
  if (typeof raw.reason === "string") return { kind: "reason", reason: raw.reason };
  if (raw.not_found === true) return { kind: "not_found" };
  const { delay_ms: _delay, ...data } = raw;
  return { kind: "ok", data };
}
var SourceUnavailableError = class extends Error {
  constructor(source, message) {
    super(`${source}: ${message}`);
    this.source = source;
    this.name = "SourceUnavailableError";
  }
  source;
};

// src/providers/synthetic/seed.ts
import { createHash as createHash4 } from "crypto";
function seeded(source, key) {
  const digest = createHash4("sha256").update(`${source}:${key}`).digest();
  let i = 0;
  const next = () => {
    const v = digest.readUInt32BE(i % 28);
    i += 4;
    return v / 4294967296;
  };
  return {
    /** A number in [0, 1). */
    next,
    /** An integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p
  };
}
var pad2 = (n) => String(n).padStart(2, "0");
var ddmmyyyy = (d, m, y) => `${pad2(d)}/${pad2(m)}/${y}`;

// src/providers/synthetic/fiscal.ts
function syntheticSatCfdi(folio, input) {
  const r2 = seeded("sat_cfdi", folio);
  if (r2.chance(0.1)) return { not_found: true };
  const i = input ?? {};
  const cancelled = r2.chance(0.1);
  return {
    result: {
      estadoCFDI: cancelled ? "Cancelado" : "Vigente",
      folioFiscal: folio,
      rfcEmisor: i.rfc_emisor ?? null,
      nombreEmisor: i.nombre_emisor ?? null,
      rfcReceptor: i.rfc_receptor ?? null,
      nombreReceptor: i.nombre_receptor ?? null,
      totalCfdi: i.monto_total ?? null,
      fechaEmision: i.fecha_emision ?? null,
      estatusCancelacion: cancelled ? "Cancelado sin aceptaci\xF3n" : null,
      efectoComprobante: "Ingreso"
    }
  };
}
function syntheticSatPedimento(pedimento) {
  if (!pedimento) return { national: true };
  const r2 = seeded("sat_pedimento", pedimento);
  return {
    result: {
      vehiculo_importado: [{ pedimento, fecha: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), r2.int(2015, 2025)), pais_origen: r2.pick(["ESTADOS UNIDOS", "JAPON", "ALEMANIA"]) }],
      situacion_pedimentos: [{ pedimento, situacion: "DESADUANADO" }]
    }
  };
}

// src/providers/synthetic/person.ts
import { createHash as createHash5 } from "crypto";
var FIRST = ["MARIA", "JUAN", "JOSE", "GUADALUPE", "FRANCISCO", "ANA", "LUIS", "SOFIA"];
var LAST = ["HERNANDEZ", "GARCIA", "MARTINEZ", "LOPEZ", "GONZALEZ", "PEREZ", "RODRIGUEZ", "SANCHEZ"];
var STATES2 = { AS: "AGUASCALIENTES", BC: "BAJA CALIFORNIA", CL: "COAHUILA", DF: "CIUDAD DE MEXICO", GT: "GUANAJUATO", JC: "JALISCO", MC: "MEXICO", NL: "NUEVO LEON", PL: "PUEBLA", VZ: "VERACRUZ", NE: "NACIDO EN EL EXTRANJERO" };
function syntheticRenapo(curp) {
  const r2 = seeded("renapo", curp);
  const yy = Number(curp.slice(4, 6));
  const year = (Number.isFinite(yy) ? yy : 80) + (curp[16] && /[A-Z]/.test(curp[16]) ? 2e3 : 1900);
  const state = curp.slice(11, 13);
  return {
    person: {
      first_name: r2.pick(FIRST),
      paternal_surname: r2.pick(LAST),
      maternal_surname: r2.pick(LAST),
      birth_date: `${curp.slice(8, 10)}/${curp.slice(6, 8)}/${year}`,
      birth_state: STATES2[state] ?? state,
      birth_country: state === "NE" ? "EXTRANJERO" : "MEXICO",
      sex: curp[10] === "M" ? "MUJER" : "HOMBRE",
      curp_status: "AN",
      validation_status: "VALIDA",
      validation_code: "01",
      message_code: "CURP encontrada",
      probative_doc: "ACTA DE NACIMIENTO"
    },
    probative_doc_url: null,
    probative_doc_data: {
      registration_year: String(year),
      state_key: "15",
      municipality_key: String(r2.int(1, 125)).padStart(3, "0"),
      state: STATES2[state] ?? state,
      municipality: "TOLUCA",
      foja: null,
      folio: String(r2.int(1e3, 9999)),
      book: String(r2.int(1, 20)),
      tome: null,
      act_number: String(r2.int(100, 9999)).padStart(5, "0"),
      foreign_registry_number: null
    }
  };
}
function syntheticIne(key) {
  const r2 = seeded("ine", key);
  const first = r2.pick(FIRST);
  const last1 = r2.pick(LAST);
  const last2 = r2.pick(LAST);
  const year = r2.int(1960, 2004);
  const mm = String(r2.int(1, 12)).padStart(2, "0");
  const dd = String(r2.int(1, 28)).padStart(2, "0");
  const female = r2.chance(0.5);
  const digest = createHash5("sha256").update(key).digest("hex").toUpperCase();
  const yy = String(year).slice(2);
  return {
    data: {
      names: first,
      first_last_name: last1,
      second_last_name: last2,
      birth_date: `${dd}/${mm}/${year}`,
      gender: female ? "MUJER" : "HOMBRE",
      curp: `${last1[0]}${last1[1]}${last2[0]}${first[0]}${yy}${mm}${dd}${female ? "M" : "H"}MC${last1[2]}${last2[2]}${first[1]}0${r2.int(0, 9)}`.replace(/[AEIOU](?=.{15}$)/, "X"),
      elector_key: `${last1.slice(0, 2)}${last2.slice(0, 2)}${first.slice(0, 2)}${yy}${mm}${dd}15${female ? "M" : "H"}${r2.int(100, 999)}`,
      state: "15",
      municipality: String(r2.int(1, 125)).padStart(3, "0"),
      section: String(r2.int(1, 6e3)).padStart(4, "0"),
      emission: String(r2.int(2016, 2024)),
      validity: String(r2.int(2026, 2034)),
      cic: digest.replace(/\D/g, "").padEnd(9, "7").slice(0, 9),
      ocr: digest.replace(/\D/g, "").padEnd(13, "3").slice(0, 13),
      citizen_identifier: digest.replace(/\D/g, "").padEnd(9, "1").slice(0, 9),
      locality: null
    }
  };
}

// src/providers/synthetic/platePortal.ts
var LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
function syntheticPlatePortal(plate) {
  const r2 = seeded("plate_portal", plate);
  const status = r2.next() < 0.75 ? "Vigente" : r2.pick(["Vencida", "Inactiva"]);
  const fromYear = r2.int(2015, 2023);
  const previous = r2.chance(0.5) ? `${LETTERS[r2.int(0, 22)]}${LETTERS[r2.int(0, 22)]}${LETTERS[r2.int(0, 22)]}${r2.int(1e3, 9999)}` : null;
  return {
    plate_status: status,
    valid_from: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), fromYear),
    valid_until: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), fromYear + 5),
    previous_plate: previous
  };
}

// src/providers/synthetic/tickets.ts
function syntheticTickets(key) {
  const r2 = seeded("tickets", key);
  const n = r2.chance(0.5) ? 0 : r2.int(1, 3);
  return {
    infractions: Array.from({ length: n }, () => ({
      date: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), r2.int(2020, 2025)),
      amount: r2.int(5, 60) * 100,
      status: r2.pick(["PAGADA", "NO PAGADA", "NO PAGADA"])
    }))
  };
}
function syntheticTenencia(key, now = /* @__PURE__ */ new Date()) {
  const r2 = seeded("tenencia", key);
  const year = now.getUTCFullYear();
  const debts = r2.chance(0.5) ? [] : [year - r2.int(0, 2)];
  return { years: [...new Set(debts)].map((fiscal_year) => ({ fiscal_year, amount: r2.int(8, 40) * 100 + 0.5 })) };
}

// src/providers/synthetic/vehicle.ts
var WMI_BRANDS = {
  "3N1": "NISSAN",
  "3N6": "NISSAN",
  "3VW": "VOLKSWAGEN",
  "3G1": "CHEVROLET",
  "3GC": "CHEVROLET",
  "3FA": "FORD",
  "3FT": "FORD",
  "3HG": "HONDA",
  "MR0": "TOYOTA",
  "3MZ": "MAZDA",
  "3KP": "KIA",
  "5NP": "HYUNDAI",
  "1M8": "MOTOR COACH INDUSTRIES",
  "1HG": "HONDA",
  "JTD": "TOYOTA",
  "WVW": "VOLKSWAGEN",
  "9BW": "VOLKSWAGEN"
};
var MODELS = {
  NISSAN: ["VERSA", "SENTRA", "MARCH", "NP300"],
  VOLKSWAGEN: ["JETTA", "VENTO", "TIGUAN"],
  CHEVROLET: ["AVEO", "ONIX", "SILVERADO"],
  FORD: ["FIGO", "RANGER", "ESCAPE"],
  HONDA: ["CIVIC", "CR-V", "CITY"],
  TOYOTA: ["COROLLA", "HILUX", "YARIS"],
  MAZDA: ["MAZDA 3", "CX-5"],
  KIA: ["RIO", "FORTE"],
  HYUNDAI: ["TUCSON", "ACCENT"],
  "MOTOR COACH INDUSTRIES": ["J4500"]
};
var YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
function modelYearOf(vin, now = /* @__PURE__ */ new Date()) {
  const code = vin[9];
  const i = code ? YEAR_CODES.indexOf(code.toUpperCase()) : -1;
  if (i < 0) return null;
  let year = 1980 + i;
  while (year + 30 <= now.getUTCFullYear() + 1) year += 30;
  return year;
}
function vehicleOf2(vin) {
  const r2 = seeded("vehicle", vin);
  const marca = WMI_BRANDS[vin.slice(0, 3).toUpperCase()] ?? r2.pick(["NISSAN", "VOLKSWAGEN", "CHEVROLET", "FORD", "TOYOTA"]);
  const modelo = r2.pick(MODELS[marca] ?? ["SEDAN"]);
  return { marca, modelo, anio_modelo: modelYearOf(vin) ?? r2.int(2012, 2024) };
}
function syntheticRepuve(vin) {
  const r2 = seeded("repuve", vin);
  const v = vehicleOf2(vin);
  const stolen = r2.chance(0.1);
  return {
    info: {
      niv: vin,
      placa: null,
      marca: v.marca,
      modelo: v.modelo,
      tipo: r2.pick(["SEDAN", "HATCHBACK", "PICK UP", "SUV"]),
      clase: "AUTOMOVIL",
      anio_modelo: v.anio_modelo,
      entidad_emplacado: r2.pick(["ESTADO DE MEXICO", "CIUDAD DE MEXICO", "JALISCO", "NUEVO LEON"]),
      fecha_inscripcion: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), v.anio_modelo),
      fecha_actualizacion: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), 2025),
      reporte_robo: stolen ? [{ tipo_reporte: r2.pick(["FGJ", "OCRA"]), estatus: "VIGENTE" }] : [],
      robo_usa_can: { tiene_robo: false },
      aviso_judicial: { tiene_aviso_judicial: r2.chance(0.05) }
    }
  };
}
function syntheticPedimento(vin) {
  const r2 = seeded("pedimento", vin);
  if (vin.startsWith("3") || r2.chance(0.4)) return { not_found: true };
  const yy = String(r2.int(15, 25));
  return { data: { pedimento: `${yy}  ${r2.int(10, 99)}  ${r2.int(1e3, 9999)}  ${r2.int(1e6, 9999999)}`, aduana: r2.pick(["NUEVO LAREDO", "TIJUANA", "MANZANILLO", "VERACRUZ"]), vin } };
}
function syntheticRapi(vin) {
  const r2 = seeded("rapi", vin);
  const flagged = r2.chance(0.08);
  return { result: { niv: vin, tiene_reporte: flagged, reportes: flagged ? [{ tipo: "ROBO", fecha: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), r2.int(2018, 2025)), estatus: "ACTIVO" }] : [] } };
}
function syntheticBureau(vin) {
  const r2 = seeded("bureau", vin);
  const v = vehicleOf2(vin);
  return {
    report: {
      vin,
      vehiculo: v,
      gravamenes: r2.chance(0.15) ? [{ acreedor: "FINANCIERA DEMO S.A. DE C.V.", monto: r2.int(50, 400) * 1e3, estatus: "VIGENTE" }] : [],
      consultas_previas: r2.int(0, 6),
      resultado: "SIN_ALERTAS"
    }
  };
}
function syntheticAmda(vin) {
  const r2 = seeded("amda", vin);
  if (r2.chance(0.3)) return { not_found: true };
  const v = vehicleOf2(vin);
  return { result: { amda_code: `AMDA-${r2.int(1e5, 999999)}`, vehicle_details: { vin, brand: v.marca, model: v.modelo, year: v.anio_modelo, dealer_name: r2.pick(["AUTOS DEL NORTE", "GRUPO AUTOMOTRIZ CENTRO", "MOTORES DEL BAJIO"]) } } };
}
function syntheticAmis(vin) {
  if (vin.length !== 17) return { reason: "Longitud incorrecta (se esperan 17 caracteres)" };
  const r2 = seeded("amis", vin);
  const v = vehicleOf2(vin);
  const n = r2.int(0, 2);
  if (n === 0) return { not_found: true };
  return {
    result: {
      info: Array.from({ length: n }, (_, i) => ({
        marca: v.marca,
        submarca: v.modelo,
        anio_modelo: v.anio_modelo,
        poliza: `****${r2.int(1e3, 9999)}`,
        cancelable: r2.chance(0.5),
        inicio_vigencia: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), 2023 + i),
        fin_vigencia: ddmmyyyy(r2.int(1, 28), r2.int(1, 12), 2024 + i)
      }))
    }
  };
}

// src/providers/synthetic/index.ts
var SYNTHETIC = {
  plate_portal: (key) => syntheticPlatePortal(key),
  repuve: (key) => syntheticRepuve(key),
  pedimento: (key) => syntheticPedimento(key),
  rapi: (key) => syntheticRapi(key),
  renapo: (key) => syntheticRenapo(key),
  bureau: (key) => syntheticBureau(key),
  tickets: (key) => syntheticTickets(key),
  tenencia: (key) => syntheticTenencia(key),
  sat_cfdi: (key, input) => syntheticSatCfdi(key, input),
  sat_pedimento: (key) => syntheticSatPedimento(key),
  amda: (key) => syntheticAmda(key),
  amis: (key) => syntheticAmis(key),
  ine: (key) => syntheticIne(key)
};

// src/providers/lookupSource.ts
async function sandboxLookup(ctx, req) {
  const fixture = await getFixture(ctx.db, req.source, req.key);
  const delay = typeof fixture?.delay_ms === "number" ? fixture.delay_ms : ctx.config.sandboxLatencyMs;
  if (delay > 0) await sleep(delay, void 0, { signal: req.signal });
  if (fixture) return toOutcome(fixture);
  const generate = SYNTHETIC[req.source];
  return generate ? toOutcome(generate(req.key, req.input)) : { kind: "not_found" };
}
async function httpLookup(ctx, req) {
  const url = ctx.config.providerHttpUrl;
  try {
    const res = await ctx.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ source: req.source, key: req.key, input: req.input ?? null }),
      signal: req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(6e4)]) : AbortSignal.timeout(6e4)
    });
    if (!res.ok) return { kind: "error", error: `provider answered HTTP ${res.status}` };
    const body = await res.json();
    if (!body || typeof body !== "object" || Array.isArray(body)) return { kind: "error", error: "provider answered a non-object" };
    return toOutcome(body);
  } catch (err) {
    return { kind: "error", error: `provider unreachable: ${err.message}` };
  }
}
function lookupSource(ctx, req) {
  return ctx.config.providers === "http" ? httpLookup(ctx, req) : sandboxLookup(ctx, req);
}

// src/services/lookups/lookupJob.ts
var LOOKUP_MAX_ATTEMPTS = 3;
var lookupJobKind = (source) => `lookup.${source}`;
function startLookup(ctx, owner, payload, db = ctx.db, parentId) {
  return enqueueJob(db, ctx.clock, ctx.ids, {
    kind: lookupJobKind(payload.source),
    payload,
    companyId: owner.companyId,
    caseId: owner.caseId,
    parentId
  });
}
function lookupJobHandler(after) {
  return {
    maxAttempts: LOOKUP_MAX_ATTEMPTS,
    backoffMs: (attempt) => Math.min(1e3 * 2 ** (attempt - 1), 15e3) * (0.5 + Math.random() / 2),
    async run(job, ctx, { signal }) {
      const outcome = await lookupSource(ctx, { source: job.payload.source, key: job.payload.key, input: job.payload.input, signal });
      let result;
      if (outcome.kind === "error") {
        if (job.attempts < (job.maxAttempts ?? LOOKUP_MAX_ATTEMPTS)) throw new SourceUnavailableError(job.payload.source, outcome.error);
        result = { kind: "failed", error: outcome.error };
      } else {
        result = outcome;
      }
      return after ? after(ctx, job, result) : result;
    }
  };
}
function lookupStatus(job) {
  if (job.status === "completed") return job.result?.kind === "failed" ? "error" : "completed";
  return job.status;
}
function caseOwner(caseRow) {
  return { companyId: caseRow.company_id, caseId: caseRow.id };
}

// src/services/lookups/caseLookups.ts
async function caseLookups(db, caseId2, source) {
  const jobs = await listJobs(db, { caseId: caseId2, kind: lookupJobKind(source) });
  return jobs.reverse();
}
var str3 = (v) => typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : null;

// src/services/lookups/invoices.service.ts
var INVOICE_CHECK_JOB = "invoice.check";
var FIELD_LABELS = {
  folio_fiscal: "Folio fiscal",
  rfc_emisor: "RFC emisor",
  nombre_emisor: "Nombre emisor",
  rfc_receptor: "RFC receptor",
  nombre_receptor: "Nombre receptor",
  monto_total: "Monto total",
  fecha_emision: "Fecha de emisi\xF3n",
  vin: "NIV",
  numero_motor: "N\xFAmero de motor",
  marca: "Marca",
  modelo: "Modelo",
  anio_modelo: "A\xF1o modelo",
  pedimento: "Pedimento",
  aduana: "Aduana",
  ano_vehiculo: "A\xF1o del veh\xEDculo",
  folio: "Folio"
};
function withData(value) {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== void 0 && v !== "" && !(Array.isArray(v) && v.length === 0))
  );
}
function invoiceData(parsed) {
  const out = {};
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    const v = parsed[field];
    if (v === void 0 || v === null || typeof v === "object") continue;
    out[field] = { db_field: field, label, text: String(v) };
  }
  return out;
}
async function queueInvoiceChecks(ctx, doc) {
  if (!doc.type || !INVOICE_TYPES.has(doc.type)) return;
  for (const check of INVOICE_CHECK_KEYS) {
    await enqueueJob(ctx.db, ctx.clock, ctx.ids, {
      kind: INVOICE_CHECK_JOB,
      payload: { document_id: doc.id, check },
      companyId: doc.company_id,
      caseId: doc.case_id
    });
  }
}
var found = (result) => {
  const kept = withData(result);
  return Object.keys(kept).length ? { message: null, result: kept } : { message: M.NOT_FOUND, result: null };
};
var said = (message) => ({ message, result: null });
async function runCheck(ctx, doc, check, signal) {
  const parsed = fromJson(doc.parsed_data, {});
  const ask = async (source, key, input) => {
    const outcome = await lookupSource(ctx, { source, key, input, signal });
    return outcome.kind === "error" ? "retry" : outcome;
  };
  if (check === "validate_invoice") {
    const folio = str3(parsed.folio_fiscal)?.toUpperCase();
    const pair = [str3(parsed.rfc_emisor), str3(parsed.rfc_receptor)];
    const key = folio ?? (pair[0] && pair[1] ? `${pair[0]}|${pair[1]}`.toUpperCase() : null);
    if (!key) return said(`${M.CFDI_NOT_REGISTERED_PREFIX}: el documento no tiene folio fiscal ni RFC de emisor y receptor.`);
    const o2 = await ask("sat_cfdi", key, parsed);
    if (o2 === "retry") return o2;
    if (o2.kind === "ok") return found(obj(o2.data.result) ?? o2.data);
    if (o2.kind === "reason") return said(o2.reason);
    return said(`${M.CFDI_NOT_REGISTERED_PREFIX}.`);
  }
  if (check === "consulta_pedimento") {
    const pedimento = str3(parsed.pedimento);
    if (!pedimento) return said(M.NATIONAL_VEHICLE);
    const o2 = await ask("sat_pedimento", pedimento, { file_id: doc.id });
    if (o2 === "retry") return o2;
    if (o2.kind === "ok") {
      if (o2.data.national === true) return said(M.NATIONAL_VEHICLE);
      const tables = obj(o2.data.result) ?? o2.data;
      const kept = withData(
        Object.fromEntries(["vehiculo_importado", "situacion_pedimentos", "importacion_vehiculos"].map((t2) => [t2, tables[t2]]))
      );
      return Object.keys(kept).length ? { message: null, result: kept } : said(M.NOT_FOUND);
    }
    if (o2.kind === "reason") return said(o2.reason);
    return said(M.NOT_FOUND);
  }
  const vin = check === "amis" ? await casePrimaryVin(ctx, doc.case_id) : str3(parsed.vin)?.toUpperCase() ?? await casePrimaryVin(ctx, doc.case_id);
  if (!vin) return said(M.NOT_FOUND);
  const o = await ask(check === "amis" ? "amis" : "amda", vin);
  if (o === "retry") return o;
  if (o.kind === "reason") return said(o.reason);
  if (o.kind !== "ok") return said(check === "amis" ? M.NO_DATA : M.NOT_FOUND);
  const result = obj(o.data.result) ?? o.data;
  if (check === "amis") {
    const list = Array.isArray(result.info) ? result.info : Array.isArray(result.data) ? result.data : [];
    return list.length ? { message: null, result: withData(result) } : said(M.NO_DATA);
  }
  return found(result);
}
var FAILURE_MESSAGE = {
  validate_invoice: M.PROCESSING_ERROR,
  consulta_pedimento: M.SERVICE_UNAVAILABLE,
  amda_invoice: M.PROCESSING_ERROR,
  amis: M.PROCESSING_ERROR
};
var invoiceCheckJob = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(1e3 * 2 ** (attempt - 1), 15e3),
  async run(job, ctx, { signal }) {
    const doc = await findDocument(ctx.db, job.payload.document_id);
    if (!doc) return said(M.NOT_FOUND);
    const outcome = await runCheck(ctx, doc, job.payload.check, signal);
    if (outcome !== "retry") return outcome;
    if (job.attempts < (job.maxAttempts ?? 3)) throw new SourceUnavailableError(job.payload.check, "source unreachable");
    return said(FAILURE_MESSAGE[job.payload.check]);
  }
};
var PROCESSING = { status: "processing", message: M.PROCESSING, result: null, updated_at: null };
function checkOf(job) {
  if (!job || job.status === "pending" || job.status === "processing") return PROCESSING;
  const at = job.finishedAt ?? job.updatedAt;
  if (job.status === "error" || !job.result) {
    return { status: "completed", message: FAILURE_MESSAGE[job.payload.check], result: null, updated_at: at };
  }
  return job.result.result ? { status: "completed", message: null, result: job.result.result, updated_at: at } : { status: "completed", message: job.result.message, result: null, updated_at: at };
}
async function getInvoices(ctx, principal, caseId2, fileUrl) {
  const row = await loadCase(ctx, principal, caseId2);
  const docs = (await listCaseDocuments(ctx.db, row.id, { includeInactive: true })).filter((d) => d.type && INVOICE_TYPES.has(d.type));
  const jobs = await listJobs(ctx.db, { caseId: row.id, kind: INVOICE_CHECK_JOB });
  const latest = /* @__PURE__ */ new Map();
  for (const j of jobs) latest.set(`${j.payload.document_id}:${j.payload.check}`, j);
  return {
    case_id: row.id,
    invoices: docs.map((d) => {
      const processed = d.status === "processed" && d.parsed_data !== null;
      return {
        file_id: d.id,
        file_url: d.storage_key ? fileUrl(d) : null,
        data: processed ? invoiceData(fromJson(d.parsed_data, {})) : null,
        updated_at: processed ? d.processed_at : null,
        validate_invoice: checkOf(latest.get(`${d.id}:validate_invoice`)),
        consulta_pedimento: checkOf(latest.get(`${d.id}:consulta_pedimento`)),
        amda_invoice: checkOf(latest.get(`${d.id}:amda_invoice`)),
        amis: checkOf(latest.get(`${d.id}:amis`))
      };
    })
  };
}

// src/services/documentOcr.ts
var PENDING_VALIDITY = { document_validity: "pending", codes: [], userInfo: {} };
function vinColumn(parsed) {
  const vin = typeof parsed.vin === "string" ? parsed.vin.trim().toUpperCase() : "";
  return vin || null;
}
async function applyOcrResult(ctx, doc, r2, opts = {}) {
  const now = ctx.clock.now().toISOString();
  const validity = r2.validity ?? computeValidity({ type: r2.type ?? "unknown", parsed_data: r2.parsed_data, text: r2.text ?? "" });
  let q = ctx.db.updateTable("documents").set({
    type: r2.type,
    subtype: r2.subtype,
    ...r2.classification ? { classification_method: r2.classification.method, classification_confidence: r2.classification.confidence } : {},
    json_ocr: toJson(r2.json_ocr),
    parsed_data: toJson(r2.parsed_data),
    validity: toJson(validity),
    vin: vinColumn(r2.parsed_data),
    status: "processed",
    ocr_id: ctx.ids(),
    processed_at: now,
    updated_at: now
  }).where("id", "=", doc.id);
  if (opts.unlessProcessedAfter) {
    const since = opts.unlessProcessedAfter;
    q = q.where((eb) => eb.or([eb("processed_at", "is", null), eb("processed_at", "<=", since)]));
  }
  const res = await q.executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await queueInvoiceChecks(ctx, { ...doc, type: r2.type, parsed_data: toJson(r2.parsed_data) });
  return true;
}
function pipelineEngines(ctx) {
  return [fixtureEngine((sha) => lookupSandboxOcr(ctx, sha)), ...defaultEngines()];
}
async function runDocumentOcr(ctx, documentId, opts = {}) {
  const startedAt = ctx.clock.now().toISOString();
  const doc = await findDocument(ctx.db, documentId);
  if (!doc) return void 0;
  if (opts.queuedAt && doc.status === "processed" && doc.processed_at && doc.processed_at > opts.queuedAt) return doc;
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) throw new Error(`stored file of document ${doc.id} is missing`);
  const claimed = await ctx.db.updateTable("documents").set({ status: "processing", updated_at: startedAt }).where("id", "=", doc.id).where((eb) => eb.or([eb("processed_at", "is", null), eb("processed_at", "<=", startedAt)])).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return findDocument(ctx.db, doc.id);
  const manualType = doc.classification_method === "manual" && doc.type ? doc.type : void 0;
  const out = await processDocument({
    bytes,
    mime: doc.mime_type,
    sha256: doc.sha256 ?? "",
    manualType,
    engines: pipelineEngines(ctx)
  });
  await applyOcrResult(ctx, doc, {
    type: out.type,
    subtype: out.subtype ?? null,
    classification: out.classification,
    json_ocr: out.json_ocr,
    parsed_data: out.parsed_data,
    text: out.text,
    validity: out.validity
  }, { unlessProcessedAfter: startedAt });
  return findDocument(ctx.db, doc.id);
}
async function markDocumentFailed(ctx, documentId, reason) {
  const now = ctx.clock.now().toISOString();
  await updateDocument(ctx.db, documentId, {
    status: "error",
    validity: toJson({ document_validity: "error", codes: ["PROCESSING_FAILED"], userInfo: { error: reason } }),
    updated_at: now
  });
}

// src/services/documents.service.ts
import {
  base64Payload,
  checkUploadDocumentBody,
  documentListQuerySchema,
  isUuid as isUuid2,
  MAX_FILE_BYTES,
  paginationOf
} from "@vcase/shared";

// src/net/download.ts
var DownloadError = class extends Error {
  constructor(message, reason) {
    super(message);
    this.reason = reason;
    this.name = "DownloadError";
  }
  reason;
};
async function downloadFile(url, opts) {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    try {
      await assertPublicUrl(current, { allowPrivate: opts.allowPrivate });
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw new DownloadError(err.message, "unsafe");
      throw err;
    }
    let res;
    try {
      res = await opts.fetch(current, { redirect: "manual", signal });
    } catch (err) {
      if (signal.aborted) throw new DownloadError(`timed out after ${opts.timeoutMs} ms fetching ${url}`, "timeout");
      throw new DownloadError(`could not fetch ${url}: ${err.message}`, "network");
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      current = new URL(res.headers.get("location"), current).toString();
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new DownloadError(`fetching ${url} answered HTTP ${res.status}`, "http");
    }
    const declared = Number(res.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await res.body?.cancel();
      throw new DownloadError(`file at ${url} is larger than ${opts.maxBytes} bytes`, "too_large");
    }
    const chunks = [];
    let total = 0;
    if (res.body) {
      const reader = res.body.getReader();
      try {
        for (; ; ) {
          const { done, value } = await reader.read();
          if (done) break;
          total += value.byteLength;
          if (total > opts.maxBytes) {
            await reader.cancel();
            throw new DownloadError(`file at ${url} is larger than ${opts.maxBytes} bytes`, "too_large");
          }
          chunks.push(value);
        }
      } catch (err) {
        if (err instanceof DownloadError) throw err;
        if (signal.aborted) throw new DownloadError(`timed out after ${opts.timeoutMs} ms fetching ${url}`, "timeout");
        throw new DownloadError(`could not read ${url}: ${err.message}`, "network");
      }
    }
    return { bytes: Buffer.concat(chunks), contentType: res.headers.get("content-type") };
  }
  throw new DownloadError(`too many redirects fetching ${url}`, "http");
}

// src/storage/fileStore.ts
import { createHash as createHash6, randomBytes as randomBytes2 } from "crypto";
import fs from "fs";
import path2 from "path";
var KEY_PATTERN = /^[A-Za-z0-9_-]{32}(\.[a-z0-9]{1,5})?$/;
function isStorageKey(key) {
  return KEY_PATTERN.test(key);
}
function localFileStore(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (key) => path2.join(dir, key.slice(0, 2), key);
  return {
    async put(bytes, ext) {
      const key = `${randomBytes2(24).toString("base64url")}${ext ? `.${ext}` : ""}`;
      const target = pathOf(key);
      await fs.promises.mkdir(path2.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, target);
      return { key, sizeBytes: bytes.byteLength, sha256: createHash6("sha256").update(bytes).digest("hex") };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.promises.readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    stream(key) {
      if (!isStorageKey(key)) return null;
      const p = pathOf(key);
      return fs.existsSync(p) ? fs.createReadStream(p) : null;
    }
  };
}
var EXTENSION_BY_MIME = {
  "application/pdf": "pdf",
  "application/xml": "xml",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "image/tiff": "tif",
  "image/tif": "tif",
  "image/x-tiff": "tif"
};
var MIME_BY_EXTENSION = {
  pdf: "application/pdf",
  xml: "application/xml",
  jpg: "image/jpeg",
  png: "image/png",
  tif: "image/tiff"
};

// src/services/documentJobs.ts
var DOCUMENT_PROCESS_JOB = "document.process";
var documentProcessJob = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(500 * 2 ** attempt, 1e4),
  async run(job, ctx) {
    try {
      const doc = await runDocumentOcr(ctx, job.payload.document_id, { queuedAt: job.createdAt });
      return { document_id: job.payload.document_id, status: doc?.status ?? "missing" };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await markDocumentFailed(ctx, job.payload.document_id, err.message);
      }
      throw err;
    }
  }
};

// src/services/documents.service.ts
var DOWNLOAD_TIMEOUT_MS = 3e4;
function companyOf(principal, code = null) {
  if (!principal.companyId) throw unauthorized("No se pudo determinar la compa\xF1\xEDa de la credencial", code);
  return principal.companyId;
}
function toDocumentListItem(doc, fileUrl) {
  return {
    document_id: doc.id,
    case_id: doc.case_id,
    type: doc.type,
    mime_type: doc.mime_type,
    status: doc.status,
    url: doc.storage_key ? fileUrl(doc) : null,
    created_at: doc.created_at,
    active: doc.active === 1
  };
}
function toDocumentDetail(doc, fileUrl) {
  return {
    case_id: doc.case_id,
    url: fileUrl(doc),
    mime_type: doc.mime_type,
    type: doc.type,
    json_ocr: fromJson(doc.json_ocr, null),
    parsed_data: fromJson(doc.parsed_data, null),
    validity: fromJson(doc.validity, PENDING_VALIDITY)
  };
}
async function listCompanyDocuments(ctx, principal, query, fileUrl) {
  const companyId = companyOf(principal, "UNAUTHORIZED");
  const q = documentListQuerySchema.parse(query);
  const { rows, total } = await listDocuments(ctx.db, {
    companyId,
    caseId: q.case_id?.toLowerCase(),
    documentId: q.document_id?.toLowerCase(),
    limit: q.limit,
    offset: q.offset
  });
  return { data: rows.map((r2) => toDocumentListItem(r2, fileUrl)), pagination: paginationOf(q.limit, q.offset, total) };
}
async function loadDocument(ctx, principal, documentId) {
  if (!isUuid2(documentId)) throw validationError("document_id no es un UUID v\xE1lido");
  const doc = await findCompanyDocument(ctx.db, companyOf(principal), documentId.toLowerCase());
  if (!doc) throw HttpError.of("RESOURCE_NOT_FOUND", "Documento no encontrado");
  return doc;
}
async function storeNewDocument(ctx, src, db = ctx.db) {
  const mime = src.mimeType.toLowerCase();
  const stored = await ctx.storage.put(src.bytes, EXTENSION_BY_MIME[mime] ?? "bin");
  const now = ctx.clock.now().toISOString();
  const row = {
    id: ctx.ids(),
    company_id: src.companyId,
    case_id: src.caseId,
    parent_id: src.parentId ?? null,
    type: src.type ?? null,
    subtype: null,
    mime_type: mime,
    status: "uploaded",
    storage_key: stored.key,
    source_url: src.sourceUrl ?? null,
    size_bytes: stored.sizeBytes,
    sha256: stored.sha256,
    parsed_data: null,
    json_ocr: null,
    validity: null,
    classification_method: src.type ? "manual" : null,
    classification_confidence: src.type ? 1 : null,
    vin: null,
    active: 1,
    created_at: now,
    updated_at: now,
    processed_at: null,
    ocr_id: null,
    file_name: src.fileName ?? null
  };
  await db.transaction().execute(async (trx) => {
    await insertDocument(trx, row);
    if (src.queueOcr === false) return;
    await enqueueJob(trx, ctx.clock, ctx.ids, {
      kind: DOCUMENT_PROCESS_JOB,
      payload: { document_id: row.id },
      companyId: row.company_id,
      caseId: row.case_id
    });
  });
  return row;
}
async function fetchSource(ctx, url) {
  try {
    const { bytes } = await downloadFile(url, {
      fetch: ctx.fetch,
      maxBytes: MAX_FILE_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      allowPrivate: ctx.config.allowPrivateUrls
    });
    return bytes;
  } catch (err) {
    if (err instanceof DownloadError) {
      const message = err.reason === "too_large" ? "El archivo excede el tama\xF1o m\xE1ximo de 20 MB" : `No se pudo obtener el archivo: ${err.message}`;
      throw validationError(message, { field: "url", reason: err.reason });
    }
    throw err;
  }
}
async function uploadDocument(ctx, principal, body) {
  const companyId = companyOf(principal);
  const checked = checkUploadDocumentBody(body);
  if (!checked.ok) throw HttpError.of(checked.code, checked.message, { fields: checked.fields });
  const input = checked.value;
  const caseRow = await findActiveCase(ctx.db, companyId, input.case_id.toLowerCase());
  if (!caseRow) throw HttpError.of("RESOURCE_NOT_FOUND", "El caso (case_id) no existe");
  if (input.parent_file_id) {
    const parent = await findCompanyDocument(ctx.db, companyId, input.parent_file_id.toLowerCase());
    if (!parent || parent.case_id !== caseRow.id) {
      throw HttpError.of("RESOURCE_NOT_FOUND", "El documento padre (parent_file_id) no existe en el caso");
    }
  }
  let bytes;
  if (input.base64) {
    bytes = Buffer.from(base64Payload(input.base64), "base64");
    if (bytes.byteLength > MAX_FILE_BYTES) throw validationError("El archivo excede el tama\xF1o m\xE1ximo de 20 MB");
  } else {
    bytes = await fetchSource(ctx, input.url);
  }
  if (bytes.byteLength === 0) throw validationError("El archivo est\xE1 vac\xEDo");
  const doc = await storeNewDocument(ctx, {
    caseId: caseRow.id,
    companyId,
    mimeType: input.mime_type,
    bytes,
    type: input.type ?? null,
    parentId: input.parent_file_id?.toLowerCase() ?? null,
    sourceUrl: input.url ?? null
  });
  return doc;
}
async function setDocumentActive(ctx, principal, documentId, active) {
  const doc = await loadDocument(ctx, principal, documentId);
  await updateDocument(ctx.db, doc.id, { active: active ? 1 : 0, updated_at: ctx.clock.now().toISOString() });
  return { document_id: doc.id, active };
}
async function patchDocumentOcr(ctx, principal, documentId, body) {
  const doc = await loadDocument(ctx, principal, documentId);
  const type = body.type ?? doc.type;
  await applyOcrResult(ctx, doc, {
    type: type ?? null,
    subtype: doc.subtype,
    classification: body.type ? { method: "manual", confidence: 1 } : null,
    json_ocr: body.json_ocr ?? { source: "manual" },
    parsed_data: body.parsed_data,
    text: null
  });
  return await findCompanyDocument(ctx.db, doc.company_id, doc.id);
}
async function queueDocumentProcessing(ctx, doc) {
  return ctx.db.transaction().execute(async (trx) => {
    await updateDocument(trx, doc.id, { status: "processing", updated_at: ctx.clock.now().toISOString() });
    return enqueueJob(trx, ctx.clock, ctx.ids, {
      kind: DOCUMENT_PROCESS_JOB,
      payload: { document_id: doc.id },
      companyId: doc.company_id,
      caseId: doc.case_id
    });
  });
}
async function reclassifyDocument(ctx, principal, documentId, type) {
  const doc = await loadDocument(ctx, principal, documentId);
  await updateDocument(ctx.db, doc.id, {
    type,
    classification_method: "manual",
    classification_confidence: 1,
    updated_at: ctx.clock.now().toISOString()
  });
  const job = await queueDocumentProcessing(ctx, { ...doc, type, classification_method: "manual" });
  return { job_id: job.id };
}

// src/domain/plates.ts
import { PLATE_SOURCE_DOCUMENT_TYPES } from "@vcase/shared";
var SOURCE_TYPE = {
  ...Object.fromEntries(PLATE_SOURCE_DOCUMENT_TYPES.map((t2) => [t2, t2])),
  tenencia: "tax_payment"
};
function normalizePlateText(plate) {
  return plate.toUpperCase().replace(/[\s.\-_/]/g, "");
}
var str4 = (v) => typeof v === "string" && v.trim() ? v.trim() : null;
function dateKey(ddmmyyyy2) {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy2);
  return m ? `${m[3]}${m[2]}${m[1]}` : "";
}
function platesFromDocuments(docs) {
  const rows = [];
  for (const doc of docs) {
    const type = doc.document_type ? SOURCE_TYPE[doc.document_type] : void 0;
    const placa = str4(doc.parsed_data.placa);
    if (!type || !placa) continue;
    const plate = normalizePlateText(placa);
    if (!plate) continue;
    rows.push({
      plate,
      entity: (str4(doc.parsed_data.entidad) ?? "").toUpperCase(),
      document_type: type,
      document_date: str4(doc.parsed_data.fecha_documento) ?? str4(doc.parsed_data.fecha_pago) ?? "",
      file_id: doc.file_id,
      ocr_id: doc.ocr_id,
      niv: str4(doc.parsed_data.vin)?.toUpperCase() ?? null,
      motor_number: str4(doc.parsed_data.numero_motor),
      owner_name: str4(doc.parsed_data.propietario)
    });
  }
  return rows.map((row, i) => ({ row, i })).sort((a, b) => dateKey(b.row.document_date).localeCompare(dateKey(a.row.document_date)) || a.i - b.i).map(({ row }) => row);
}

// src/services/plates.service.ts
var PLATE_PORTAL_JOB = "plate_portal.lookup";
var PORTAL_ENTITY = "MEX";
async function computePlates(ctx, caseRow) {
  const docs = await processedDocuments(ctx, caseRow.id);
  const rows = platesFromDocuments(
    docs.map(({ doc, parsed }) => ({ file_id: doc.id, ocr_id: doc.ocr_id ?? doc.id, document_type: doc.type, parsed_data: parsed }))
  );
  const now = ctx.clock.now().toISOString();
  const portalPlates = [...new Set(rows.filter((r2) => r2.entity === PORTAL_ENTITY).map((r2) => r2.plate))];
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("case_plates").where("case_id", "=", caseRow.id).execute();
    if (rows.length) {
      await trx.insertInto("case_plates").values(rows.map((r2, i) => ({ id: ctx.ids(), case_id: caseRow.id, position: i, ...r2 }))).execute();
    }
    await trx.updateTable("cases").set({ plates_computed_at: now, updated_at: now }).where("id", "=", caseRow.id).execute();
    for (const plate of portalPlates) {
      const job = await enqueueJob(trx, ctx.clock, ctx.ids, {
        kind: PLATE_PORTAL_JOB,
        payload: { case_id: caseRow.id, plate },
        companyId: caseRow.company_id,
        caseId: caseRow.id
      });
      const values = {
        case_id: caseRow.id,
        plate,
        lookup_status: "pending",
        job_id: job.id,
        updated_at: now,
        plate_status: null,
        valid_from: null,
        valid_until: null,
        previous_plate: null,
        raw: null
      };
      await trx.insertInto("plate_portal_lookups").values(values).onConflict((oc) => oc.columns(["case_id", "plate"]).doUpdateSet({ lookup_status: "pending", job_id: job.id, updated_at: now })).execute();
    }
  });
}
async function getPlates(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  if (!row.plates_computed_at) throw notFound("Las placas del caso a\xFAn no se han calculado; use POST /v1/cases/{case_id}/plates");
  return platesResponse(ctx, row);
}
async function platesResponse(ctx, row) {
  const [plates, lookups] = await Promise.all([
    ctx.db.selectFrom("case_plates").selectAll().where("case_id", "=", row.id).orderBy("position").execute(),
    ctx.db.selectFrom("plate_portal_lookups").selectAll().where("case_id", "=", row.id).execute()
  ]);
  const byPlate = new Map(lookups.map((l) => [l.plate, l]));
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    plates: plates.map((p) => {
      const l = p.entity === PORTAL_ENTITY ? byPlate.get(p.plate) : void 0;
      return {
        plate: p.plate,
        entity: p.entity,
        document_type: p.document_type,
        document_date: p.document_date,
        file_id: p.file_id,
        ocr_id: p.ocr_id,
        niv: p.niv,
        motor_number: p.motor_number,
        owner_name: p.owner_name,
        plate_status: l?.plate_status ?? null,
        plate_valid_from: l?.valid_from ?? null,
        plate_valid_until: l?.valid_until ?? null,
        previous_plate: l?.previous_plate ?? null,
        previous_plate_lookup_status: l?.lookup_status ?? null
      };
    })
  };
}
async function recomputePlates(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  await computePlates(ctx, row);
  return platesResponse(ctx, row);
}
var str5 = (v) => typeof v === "string" && v.trim() ? v.trim() : null;
var platePortalJob = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(1e3 * 2 ** attempt, 15e3),
  async run(job, ctx, { signal }) {
    const { case_id, plate } = job.payload;
    const set = (values) => ctx.db.updateTable("plate_portal_lookups").set({ ...values, updated_at: ctx.clock.now().toISOString() }).where("case_id", "=", case_id).where("plate", "=", plate).where("job_id", "=", job.id).execute();
    const outcome = await lookupSource(ctx, { source: "plate_portal", key: plate, signal });
    if (outcome.kind === "error") {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await set({ lookup_status: "error", raw: JSON.stringify(outcome) });
        return { lookup_status: "error" };
      }
      throw new SourceUnavailableError("plate_portal", outcome.error);
    }
    if (outcome.kind === "reason") {
      await set({ lookup_status: "error", raw: JSON.stringify(outcome) });
      return { lookup_status: "error" };
    }
    if (outcome.kind === "not_found") {
      await set({ lookup_status: null, plate_status: null, valid_from: null, valid_until: null, previous_plate: null, raw: '{"not_found":true}' });
      return { lookup_status: null };
    }
    const d = outcome.data;
    const previous = str5(d.previous_plate)?.toUpperCase().replace(/[\s.-]/g, "") ?? null;
    const status = previous ? "found" : null;
    await set({
      lookup_status: status,
      plate_status: str5(d.plate_status),
      valid_from: str5(d.valid_from),
      valid_until: str5(d.valid_until),
      previous_plate: previous,
      raw: JSON.stringify(d)
    });
    return { lookup_status: status };
  }
};

// src/services/lookups/repuve.service.ts
function normalizeRepuveInfo(raw, vin) {
  const year = Number(raw.anio_modelo);
  return {
    niv: str3(raw.niv) ?? vin,
    placa: str3(raw.placa),
    marca: str3(raw.marca) ?? "",
    modelo: str3(raw.modelo) ?? "",
    tipo: str3(raw.tipo) ?? "",
    clase: str3(raw.clase) ?? "",
    anio_modelo: Number.isInteger(year) ? year : 0,
    entidad_emplacado: str3(raw.entidad_emplacado),
    fecha_inscripcion: str3(raw.fecha_inscripcion),
    fecha_actualizacion: str3(raw.fecha_actualizacion),
    reporte_robo: Array.isArray(raw.reporte_robo) ? raw.reporte_robo.map((r2) => ({ tipo_reporte: str3(obj(r2)?.tipo_reporte) ?? "", estatus: str3(obj(r2)?.estatus) ?? "" })) : [],
    robo_usa_can: { tiene_robo: obj(raw.robo_usa_can)?.tiene_robo === true },
    aviso_judicial: { tiene_aviso_judicial: obj(raw.aviso_judicial)?.tiene_aviso_judicial === true }
  };
}
function infoOf(job) {
  if (job.result?.kind !== "ok") return null;
  const info = obj(job.result.data.info);
  return info ? normalizeRepuveInfo(info, job.payload.key) : null;
}
async function queryRepuveOnClose(ctx, caseRow) {
  const vin = await casePrimaryVin(ctx, caseRow.id);
  if (!vin) return;
  const [latest] = await caseLookups(ctx.db, caseRow.id, "repuve");
  if (latest && latest.payload.key === vin && lookupStatus(latest) !== "error") return;
  await startLookup(ctx, caseOwner(caseRow), { source: "repuve", key: vin });
}
async function getRepuve(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const jobs = await caseLookups(ctx.db, row.id, "repuve");
  const latest = jobs[0];
  if (!latest) throw notFound("No se ha ejecutado ninguna consulta de REPUVE para este caso");
  const status = lookupStatus(latest);
  if (status === "pending" || status === "processing") return { codigo: "processing", info: null, job_id: latest.id, job_status: status };
  if (status === "completed" && latest.result?.kind !== "reason") {
    return { codigo: "ok", info: infoOf(latest), job_id: latest.id, job_status: "completed" };
  }
  const recovered = jobs.find((j) => j !== latest && j.payload.key === latest.payload.key && infoOf(j));
  if (recovered) return { codigo: "ok", info: infoOf(recovered), job_id: latest.id, job_status: "error" };
  return { codigo: "error", info: null, job_id: latest.id, job_status: "error" };
}

// src/services/caseProcessing.service.ts
var CASE_PROCESS_JOB = "case.process";
async function startCaseProcessing(ctx, caseRow, actor, documentIds = [], db = ctx.db, files) {
  return enqueueJob(db, ctx.clock, ctx.ids, {
    kind: CASE_PROCESS_JOB,
    payload: { document_ids: documentIds, actor, ...files ? { files } : {} },
    companyId: caseRow.company_id,
    caseId: caseRow.id
  });
}
async function processCase(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const job = await startCaseProcessing(ctx, row, actorOf(principal));
  return { job_id: job.id, status: "processing" };
}
async function getCaseStatus(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const job = await latestJobForCase(ctx.db, row.id, CASE_PROCESS_JOB);
  if (!job) throw notFound("El caso nunca se ha procesado");
  const docs = await listCaseDocuments(ctx.db, row.id, { includeInactive: true });
  const ids = new Set(job.result?.document_ids ?? (job.payload.document_ids.length ? job.payload.document_ids : docs.filter((d) => d.active === 1).map((d) => d.id)));
  const mine = docs.filter((d) => ids.has(d.id));
  const done = job.status === "completed" || job.status === "error";
  return {
    case_id: row.id,
    job_id: job.id,
    status: job.status,
    total_files: done && job.result ? job.result.total_files : mine.length,
    processed_files: done && job.result ? job.result.processed_files : mine.filter((d) => d.status === "processed").length,
    failed_files: done && job.result ? job.result.failed_files : mine.filter((d) => d.status === "error").length,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    message: job.status === "error" ? job.error ?? "El procesamiento fall\xF3" : job.result?.message ?? null
  };
}
async function closeProcessing(ctx, caseId2, actor, operationalError) {
  const caseRow = await findCaseById(ctx.db, caseId2);
  if (!caseRow || caseRow.active !== 1) return caseRow?.review_status ?? null;
  await computePlates(ctx, caseRow);
  const docs = await listCaseDocuments(ctx.db, caseId2, { includeInactive: false });
  const next = operationalError ? caseRow.review_status : reviewStatusAfterProcessing(
    caseRow.review_status,
    docs.map((d) => ({ status: d.status, document_validity: fromJson(d.validity, null)?.document_validity ?? null }))
  );
  const events = eventsForReviewChange(caseRow.review_status, next, operationalError);
  await ctx.db.transaction().execute(async (trx) => {
    const updated = { ...caseRow, review_status: next, updated_at: ctx.clock.now().toISOString() };
    if (next !== caseRow.review_status) {
      await trx.updateTable("cases").set({ review_status: next, updated_at: updated.updated_at }).where("id", "=", caseId2).execute();
    }
    for (const event of events) await emitWebhook(ctx, trx, { event, caseRow: updated, actor });
  });
  if (!operationalError) await queryRepuveOnClose(ctx, caseRow);
  return next;
}
async function importFiles(ctx, caseId2, files) {
  const caseRow = await findCaseById(ctx.db, caseId2);
  if (!caseRow?.company_id) return files.length;
  const existing = await listCaseDocuments(ctx.db, caseId2, { includeInactive: true });
  const fetched = new Set(existing.map((d) => d.source_url));
  let failed = 0;
  for (const file of files) {
    if (fetched.has(file.url)) continue;
    try {
      const bytes = await fetchSource(ctx, file.url);
      await storeNewDocument(ctx, {
        caseId: caseId2,
        companyId: caseRow.company_id,
        mimeType: file.mime_type,
        bytes,
        type: file.document_type ?? null,
        sourceUrl: file.url,
        queueOcr: false
      });
    } catch (err) {
      failed++;
      ctx.logger.warn({ caseId: caseId2, url: file.url, err: err.message }, "initial file could not be fetched");
    }
  }
  return failed;
}
var caseProcessJob = {
  maxAttempts: 2,
  leaseMs: 12e4,
  async run(job, ctx) {
    const caseId2 = job.caseId;
    try {
      const importFailed = job.payload.files ? await importFiles(ctx, caseId2, job.payload.files) : 0;
      let failed = importFailed;
      const active = await listCaseDocuments(ctx.db, caseId2, { includeInactive: false });
      const ids = job.payload.document_ids.length ? job.payload.document_ids : active.map((d) => d.id);
      let processed = 0;
      for (const doc of active.filter((d) => ids.includes(d.id))) {
        if (doc.status === "processed") {
          processed++;
          continue;
        }
        try {
          await runDocumentOcr(ctx, doc.id);
          processed++;
        } catch (err) {
          failed++;
          await markDocumentFailed(ctx, doc.id, err.message);
        }
      }
      const reviewStatus = await closeProcessing(ctx, caseId2, job.payload.actor, false);
      return {
        document_ids: ids,
        total_files: ids.length + importFailed,
        processed_files: processed,
        failed_files: failed,
        review_status: reviewStatus,
        message: failed ? `${failed} documento(s) no se pudieron procesar` : null
      };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 2)) {
        ctx.logger.error({ err, caseId: caseId2 }, "case processing failed");
        await closeProcessing(ctx, caseId2, job.payload.actor, true).catch(() => void 0);
      }
      throw err;
    }
  }
};

// src/services/cases.service.ts
import {
  ASSIGNMENT_USER_FALLBACK,
  caseListQuerySchema,
  isUuid as isUuid3,
  paginationOf as paginationOf2,
  SUPPORTED_MIME_TYPES
} from "@vcase/shared";
function toCaseListItem(row) {
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    review_status: row.review_status,
    use_case_id: row.use_case_id,
    user_id_added_by: row.user_id_added_by,
    created_by: row.created_by,
    created_at: row.created_at,
    active: row.active === 1
  };
}
function toCaseFile(doc, fileUrl) {
  return {
    file_id: doc.id,
    created_at: doc.created_at,
    document_type: doc.type ?? "unknown",
    document_subtype: doc.subtype,
    mime_type: doc.mime_type,
    active: doc.active === 1,
    url: fileUrl(doc),
    ocr: fromJson(doc.json_ocr, {})
  };
}
async function listCasesForCompany(ctx, principal, query) {
  const companyId = requireCompany(principal);
  const q = caseListQuerySchema.parse(query);
  const { rows, total } = await listCases(ctx.db, {
    companyId,
    internalId: q.internal_id?.trim() || void 0,
    vin: q.vin?.trim() || void 0,
    useCaseId: q.case_type?.toLowerCase(),
    limit: q.limit,
    offset: q.offset
  });
  return { data: rows.map(toCaseListItem), pagination: paginationOf2(q.limit, q.offset, total) };
}
async function createCase(ctx, principal, body) {
  const companyId = requireCompany(principal);
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw validationError("La compa\xF1\xEDa del token no existe");
  const catalog = fromJson(company.status_catalog, []);
  for (const [field, value] of [
    ["status", body.status],
    ["initial_status", body.initial_status]
  ]) {
    if (value !== void 0 && !catalog.includes(value)) {
      throw HttpError.of("INVALID_STATUS", `El estatus '${value}' (${field}) no pertenece al cat\xE1logo configurado`, {
        field,
        allowed: catalog
      });
    }
  }
  if (body.use_case && !await findUseCase(ctx.db, companyId, body.use_case.toLowerCase())) {
    throw validationError("use_case no pertenece al cat\xE1logo de casos de uso de la compa\xF1\xEDa", { field: "use_case" });
  }
  const internalId = body.internal_id.trim();
  if (await findCaseWithFilesByInternalId(ctx.db, companyId, internalId)) {
    throw HttpError.of("DUPLICATE_INTERNAL_ID", `Ya existe un caso con internal_id '${internalId}' que tiene archivos`);
  }
  const files = body.files ?? [];
  for (const [i, f] of files.entries()) {
    if (!SUPPORTED_MIME_TYPES.includes(f.mime_type.toLowerCase())) {
      throw validationError(`files[${i}].mime_type no es un tipo soportado`, { field: `files.${i}.mime_type` });
    }
    if (!/^https?:\/\//i.test(f.url)) throw validationError(`files[${i}].url debe ser una URL http(s)`, { field: `files.${i}.url` });
  }
  const now = ctx.clock.now().toISOString();
  const row = {
    id: ctx.ids(),
    company_id: companyId,
    internal_id: internalId,
    status: body.initial_status ?? body.status,
    review_status: "sin_documentos",
    vehicle_origin: body.vehicle_origin ?? "Nacional",
    use_case_id: body.use_case?.toLowerCase() ?? null,
    user_id_added_by: principal.userId,
    created_by: principal.userId,
    assigned_to: null,
    active: 1,
    created_at: now,
    updated_at: now,
    plates_computed_at: null
  };
  return ctx.db.transaction().execute(async (trx) => {
    await insertCase(trx, row);
    if (body.metadata && Object.keys(body.metadata).length > 0) {
      await insertMetadataEntry(trx, {
        id: ctx.ids(),
        case_id: row.id,
        user_id: principal.userId,
        data: toJson(body.metadata),
        created_at: now
      });
    }
    await emitWebhook(ctx, trx, { event: "expediente-created", caseRow: row, actor: actorOf(principal) });
    if (files.length > 0) {
      const job = await startCaseProcessing(ctx, row, actorOf(principal), [], trx, files);
      return {
        statusCode: 202,
        body: { case_id: row.id, job_id: job.id, total_files: files.length, status: "processing" }
      };
    }
    return { statusCode: 201, body: { case_id: row.id, status: "completed" } };
  });
}
async function getCaseDetail(ctx, principal, caseId2, opts) {
  const row = await loadCase(ctx, principal, caseId2);
  const docs = await listCaseDocuments(ctx.db, row.id, { includeInactive: opts.includeInactive });
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    review_status: row.review_status,
    created_at: row.created_at,
    files: docs.map((d) => toCaseFile(d, opts.fileUrl))
  };
}
async function deleteCase(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  await softDeleteCase(ctx.db, row.id, ctx.clock.now().toISOString());
  return { case_id: row.id, active: false };
}
function historyEntry(a) {
  return { date: a.created_at, user: a.user_label, pid: a.pid, label: a.label };
}
async function assignCase(ctx, principal, caseId2, userIdentifier) {
  if (!isUuid3(caseId2)) throw validationError("case_id no es un UUID v\xE1lido");
  const caseRow = await findCaseById(ctx.db, caseId2.toLowerCase());
  if (!caseRow || caseRow.active !== 1) throw HttpError.of("RESOURCE_NOT_FOUND", "Caso no encontrado");
  if (!caseRow.company_id) throw validationError("El caso no tiene una compa\xF1\xEDa asociada");
  if (!principal.companyId || principal.companyId !== caseRow.company_id) {
    throw HttpError.of("FORBIDDEN", "El token pertenece a otra compa\xF1\xEDa que la del caso");
  }
  const assignee = await findUserByUidOrPid(ctx.db, userIdentifier);
  if (!assignee) throw validationError("El usuario asignado no existe");
  if (assignee.company_id !== caseRow.company_id) {
    throw HttpError.of("FORBIDDEN", "El usuario asignado pertenece a otra compa\xF1\xEDa");
  }
  if (!assignee.pid) throw validationError("El perfil del usuario asignado no tiene pid");
  const now = ctx.clock.now().toISOString();
  const userLabel = assignee.name?.trim() || assignee.email?.trim() || ASSIGNMENT_USER_FALLBACK;
  await ctx.db.transaction().execute(async (trx) => {
    await insertAssignment(trx, {
      id: ctx.ids(),
      case_id: caseRow.id,
      assigned_user_id: assignee.id,
      assigned_by: principal.userId,
      user_label: userLabel,
      pid: assignee.pid,
      label: `Caso asignado a ${userLabel}`,
      created_at: now
    });
    await trx.updateTable("cases").set({ assigned_to: assignee.id, updated_at: now }).where("id", "=", caseRow.id).execute();
    await emitWebhook(ctx, trx, { event: "v1-assign-analyst", caseRow, actor: actorOf(principal) });
  });
  const history = await listAssignments(ctx.db, caseRow.id);
  return { case_id: caseRow.id, assigned_to: userIdentifier, assignment_history: history.map(historyEntry) };
}
async function metadataOf(ctx, caseId2) {
  const entries = await listMetadataEntries(ctx.db, caseId2);
  const history = entries.map((e) => ({
    date: e.created_at,
    user_id: e.user_id,
    data: fromJson(e.data, {})
  }));
  const metadata = Object.assign({}, ...history.map((h) => h.data));
  return { case_id: caseId2, metadata, history };
}
async function getCaseMetadata(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  return metadataOf(ctx, row.id);
}
async function appendCaseMetadata(ctx, principal, caseId2, data) {
  const row = await loadCase(ctx, principal, caseId2);
  await insertMetadataEntry(ctx.db, {
    id: ctx.ids(),
    case_id: row.id,
    user_id: principal.userId,
    data: toJson(data),
    created_at: ctx.clock.now().toISOString()
  });
  return metadataOf(ctx, row.id);
}

// src/domain/ownershipChain.ts
import {
  CHAIN_MESSAGES
} from "@vcase/shared";
var OWNERSHIP_CHAIN_PIVOT = "invoice_original";
var OWNERSHIP_CHAIN_PIVOT_NO_INVOICE = "earliest_evidence";
var UNTRACEABLE_TRANSFER = "untraceable_transfer";
var OWNER_ROLE_LABELS = {
  ISSUER: "Emisor de la factura de origen",
  FIRST_OWNER: "Primer propietario",
  ENDORSEMENT: "Propietario por endoso",
  REINVOICE: "Propietario por refacturaci\xF3n",
  UNTRACEABLE: "Propietario sin transmisi\xF3n documentada",
  EVIDENCE: "Propietario seg\xFAn documento"
};
var ID_TYPES2 = /* @__PURE__ */ new Set(["ine", "id_front", "id_front_and_reverse"]);
function ownershipChainPending(c, status = "processing") {
  return {
    case_id: c.caseId,
    internal_id: c.internalId,
    summary: null,
    chain: [],
    gaps: [],
    status,
    message: status === "processing" ? CHAIN_MESSAGES.OWNERSHIP_CHAIN_GENERATING : null
  };
}
var str6 = (v) => typeof v === "string" && v.replace(/\s+/g, " ").trim() ? v.replace(/\s+/g, " ").trim() : null;
var isoDate = (v) => {
  const s = str6(v);
  return s ? isoOf(s) ?? null : null;
};
function sameOwner(a, b) {
  const x = nameKey(a);
  const y = nameKey(b);
  if (!x || !y) return false;
  if (x === y || x.replace(/ /g, "") === y.replace(/ /g, "")) return true;
  return x.split(" ").sort().join(" ") === y.split(" ").sort().join(" ");
}
var sourceOf = (d) => ({
  document_type: d.document_type,
  folio: str6(d.parsed_data.folio_fiscal) ?? str6(d.parsed_data.folio),
  file_id: d.file_id
});
function invoiceOf(d, index) {
  const p = d.parsed_data;
  const endorsements = Array.isArray(p.endosos) ? p.endosos.filter((e) => !!e && typeof e === "object").map((e) => ({ from: str6(e.de), to: str6(e.a), date: isoDate(e.fecha) })) : [];
  return {
    doc: sourceOf(d),
    issuer: str6(p.nombre_emisor),
    receiver: str6(p.nombre_receptor),
    date: isoDate(p.fecha_emision) ?? isoDate(p.fecha_documento),
    endorsements,
    index
  };
}
function evidenceOwner(d) {
  const p = d.parsed_data;
  if (d.document_type && ID_TYPES2.has(d.document_type)) {
    const full = [p.nombre, p.apellido_paterno, p.apellido_materno].map(str6).filter(Boolean).join(" ");
    return full || str6(p.propietario);
  }
  return str6(p.propietario);
}
var UNDATED = "9999-99-99";
var byDate = (a, b) => (a ?? UNDATED).localeCompare(b ?? UNDATED);
var isInvoice = (d) => !!d.document_type && INVOICE_TYPES.has(d.document_type);
function timeline(documents, invoices, pivot) {
  const queue = [];
  const push = (event, priority) => queue.push({ event, priority, order: queue.length });
  for (const inv of invoices) {
    if (inv !== pivot && inv.receiver) {
      push({ kind: "transfer", via: "reinvoice", from: inv.issuer, to: inv.receiver, date: inv.date, doc: inv.doc }, 0);
    }
    for (const e of inv.endorsements) {
      if (e.to) push({ kind: "transfer", via: "endorsement", from: e.from, to: e.to, date: e.date ?? inv.date, doc: inv.doc }, 1);
    }
  }
  for (const d of documents) {
    const owner = isInvoice(d) ? null : evidenceOwner(d);
    if (!owner) continue;
    const date = isoDate(d.parsed_data.fecha_documento) ?? isoDate(d.parsed_data.fecha_pago);
    if (pivot?.date && date && date < pivot.date) continue;
    push({ kind: "evidence", owner, date, doc: sourceOf(d) }, 2);
  }
  queue.sort((a, b) => byDate(a.event.date, b.event.date) || a.priority - b.priority || a.order - b.order);
  return queue.map((q) => q.event);
}
function walk(pivot, events) {
  const links = [];
  const gaps = [];
  const applied = [];
  const current = () => links[links.length - 1];
  const origin = (name, role_label, acquired_at, doc) => links.push({ name, role_label, acquired_at, transferred_at: null, match_status: "origin", link_to_previous: null, source_document: doc });
  const untraceable = (name, role_label, doc) => {
    const prev = current();
    if (!prev) return origin(name, role_label, null, doc);
    links.push({
      name,
      role_label,
      acquired_at: null,
      transferred_at: null,
      match_status: "unmatched",
      link_to_previous: { transfer_type: "untraceable", from_owner: prev.name, date: null },
      source_document: doc
    });
    gaps.push({ from_owner: prev.name, to_owner: name, related_sequence_indexes: [links.length - 2, links.length - 1] });
  };
  const matched = (to, via, date, role_label, doc) => {
    const prev = current();
    prev.transferred_at = date;
    links.push({
      name: to,
      role_label,
      acquired_at: date,
      transferred_at: null,
      match_status: "matched",
      link_to_previous: { transfer_type: via, from_owner: prev.name, date },
      source_document: doc
    });
  };
  const alreadyApplied = (from, to) => applied.some((t2) => sameOwner(t2.to, to) && (t2.from === null || from === null ? t2.from === from : sameOwner(t2.from, from)));
  if (pivot?.receiver) {
    if (pivot.issuer) {
      origin(pivot.issuer, OWNER_ROLE_LABELS.ISSUER, null, pivot.doc);
      matched(pivot.receiver, "invoice_original", pivot.date, OWNER_ROLE_LABELS.FIRST_OWNER, pivot.doc);
      applied.push({ from: pivot.issuer, to: pivot.receiver });
    } else {
      origin(pivot.receiver, OWNER_ROLE_LABELS.FIRST_OWNER, pivot.date, pivot.doc);
    }
  }
  for (const event of events) {
    if (event.kind === "evidence") {
      if (!links.some((l) => sameOwner(l.name, event.owner))) untraceable(event.owner, OWNER_ROLE_LABELS.EVIDENCE, event.doc);
      continue;
    }
    const { from, to, via, date, doc } = event;
    const cur = current();
    if (cur && sameOwner(cur.name, to) || alreadyApplied(from, to)) continue;
    applied.push({ from, to });
    const role = via === "endorsement" ? OWNER_ROLE_LABELS.ENDORSEMENT : OWNER_ROLE_LABELS.REINVOICE;
    if (!from) {
      untraceable(to, role, doc);
      continue;
    }
    if (!cur || !sameOwner(cur.name, from)) untraceable(from, OWNER_ROLE_LABELS.UNTRACEABLE, doc);
    matched(to, via, date, role, doc);
  }
  return { links, gaps };
}
function buildOwnershipChain(input) {
  const invoices = input.documents.map((d, i) => isInvoice(d) ? invoiceOf(d, i) : null).filter((inv) => !!inv);
  const pivot = invoices.filter((inv) => inv.receiver).sort((a, b) => byDate(a.date, b.date) || a.index - b.index)[0];
  const { links, gaps } = walk(pivot, timeline(input.documents, invoices, pivot));
  const consolidated = (name) => input.names?.find((n) => sameOwner(n.name, name));
  const shown = (name) => consolidated(name)?.name ?? name;
  const chain = links.map((l, i) => ({
    sequence_index: i,
    display_name: shown(l.name),
    person_type: consolidated(l.name)?.person_type ?? personType(l.name),
    role_label: l.role_label,
    is_current: i === links.length - 1,
    acquired_at: l.acquired_at,
    transferred_at: l.transferred_at,
    match_status: l.match_status,
    link_to_previous: l.link_to_previous && { ...l.link_to_previous, from_owner: l.link_to_previous.from_owner && shown(l.link_to_previous.from_owner) },
    source_document: l.source_document
  }));
  const outGaps = gaps.map((g, i) => ({
    gap_id: `gap-${i + 1}`,
    gap_type: UNTRACEABLE_TRANSFER,
    from_owner: shown(g.from_owner),
    to_owner: shown(g.to_owner),
    related_sequence_indexes: g.related_sequence_indexes
  }));
  const last = links[links.length - 1];
  return {
    case_id: input.caseId,
    internal_id: input.internalId,
    summary: {
      owner_count: chain.length,
      gap_count: outGaps.length,
      current_owner: last ? shown(last.name) : null,
      chain_pivot: pivot ? OWNERSHIP_CHAIN_PIVOT : OWNERSHIP_CHAIN_PIVOT_NO_INVOICE,
      generated_at: input.now.toISOString()
    },
    chain,
    gaps: outGaps,
    status: "completed",
    message: null
  };
}

// src/domain/plateChain.ts
import {
  CHAIN_MESSAGES as CHAIN_MESSAGES2,
  PLATE_CHAIN_SCOPE
} from "@vcase/shared";

// src/domain/plateSelection.ts
import { EMPTY_PLATES_MESSAGES } from "@vcase/shared";
function plateIdentity(plate, entity) {
  return `${normalizePlateText(plate)}|${(entity ?? "").trim().toUpperCase()}`;
}
function nivBelongsToCase(niv, caseVin) {
  if (!caseVin || !normalizeVin(caseVin)) return true;
  if (!niv || !normalizeVin(niv)) return true;
  return vinMatches(niv, caseVin);
}
function byRecency(rows) {
  return rows.map((row, i) => ({ row, i, key: dateKey(row.document_date) })).sort((a, b) => b.key.localeCompare(a.key) || a.i - b.i).map(({ row }) => row);
}
function selectCasePlates(entries, caseVin) {
  if (entries.length === 0) return { plates: [], emptyMessage: EMPTY_PLATES_MESSAGES.NO_PLATES };
  const winners = /* @__PURE__ */ new Map();
  for (const entry of byRecency(entries)) {
    if (!nivBelongsToCase(entry.niv, caseVin)) continue;
    const id = plateIdentity(entry.plate, entry.entity);
    if (!winners.has(id)) winners.set(id, entry);
  }
  const plates = [...winners.values()];
  return { plates, emptyMessage: plates.length ? null : EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN };
}
function plateRoster(kept, main) {
  const mainId = main ? plateIdentity(main.plate, main.entity) : null;
  const toRoster = (p, role) => ({
    plate: normalizePlateText(p.plate),
    entity: p.entity.trim().toUpperCase(),
    role,
    successor: null
  });
  const roster = [];
  if (main) roster.push(toRoster(main, "main"));
  for (const p of kept) if (plateIdentity(p.plate, p.entity) !== mainId) roster.push(toRoster(p, "other"));
  const texts = new Set(roster.map((r2) => r2.plate));
  for (const p of [...main ? [main] : [], ...kept]) {
    const previous = p.previous_plate ? normalizePlateText(p.previous_plate) : "";
    if (!previous || texts.has(previous)) continue;
    texts.add(previous);
    roster.push({ plate: previous, entity: p.entity.trim().toUpperCase(), role: "previous", successor: normalizePlateText(p.plate) });
  }
  return roster;
}

// src/domain/plateChain.ts
var PLATE_CHAIN_ENTITY = "MEX";
function plateChainPending(c, status = "processing") {
  return {
    case_id: c.caseId,
    internal_id: c.internalId,
    niv: c.caseVin,
    summary: null,
    chain: [],
    status,
    message: status === "processing" ? CHAIN_MESSAGES2.PLATE_CHAIN_GENERATING : null
  };
}
var iso = (ddmmyyyy2) => ddmmyyyy2 ? isoOf(ddmmyyyy2.trim()) ?? null : null;
function nivMatchesCase(niv, caseVin) {
  return !!niv && !!caseVin && !!normalizeVin(niv) && vinMatches(niv, caseVin);
}
function groupsOf(entries, caseVin) {
  const byPlate = /* @__PURE__ */ new Map();
  for (const e of entries) {
    if (e.entity.trim().toUpperCase() !== PLATE_CHAIN_ENTITY) continue;
    const plate = normalizePlateText(e.plate);
    if (!plate) continue;
    const g = byPlate.get(plate) ?? { plate, entries: [], previous: null, dates: [] };
    g.entries.push(e);
    g.previous ??= e.previous_plate ? normalizePlateText(e.previous_plate) || null : null;
    for (const d of [iso(e.document_date), iso(e.plate_valid_from)]) if (d) g.dates.push(d);
    byPlate.set(plate, g);
  }
  const kept = [...byPlate.values()].filter((g) => g.entries.some((e) => nivBelongsToCase(e.niv, caseVin)));
  const known = new Set(kept.map((g) => g.plate));
  for (const g of [...kept]) {
    if (g.previous && g.previous !== g.plate && !known.has(g.previous)) {
      known.add(g.previous);
      kept.push({ plate: g.previous, entries: [], previous: null, dates: [] });
    }
  }
  for (const g of kept) g.dates.sort();
  return kept;
}
function ordered(groups) {
  const first = (g) => g.dates[0] ?? "";
  const last = (g) => g.dates[g.dates.length - 1] ?? "";
  const portalOnly = (g) => g.entries.length === 0 && g.dates.length === 0;
  const list = groups.filter((g) => !portalOnly(g)).sort((a, b) => first(a).localeCompare(first(b)) || last(a).localeCompare(last(b)) || a.plate.localeCompare(b.plate));
  for (const g of groups.filter(portalOnly)) {
    const at = list.findIndex((s) => s.previous === g.plate);
    list.splice(at < 0 ? 0 : at, 0, g);
  }
  for (let pass = 0; pass < list.length; pass++) {
    let moved = false;
    for (let i = 0; i < list.length; i++) {
      const prev = list[i].previous;
      const at = prev ? list.findIndex((g) => g.plate === prev) : -1;
      if (at > i) {
        const [p] = list.splice(at, 1);
        list.splice(i, 0, p);
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  return list;
}
function documentOf(e, plate, caseVin, fileUrl) {
  const issued = iso(e.document_date);
  return {
    file_id: e.file_id,
    ocr_id: e.ocr_id,
    source_kind: "ocr",
    document_type: e.document_type,
    field_name: e.field_name ?? "placa",
    plate,
    folio: e.folio ?? null,
    issued_at: issued,
    date_source: issued ? "document_field" : null,
    valid_until: iso(e.valid_until),
    owner_name: e.owner_name,
    niv: e.niv,
    niv_matches_case_niv: nivMatchesCase(e.niv, caseVin),
    file_url: fileUrl(e.file_id)
  };
}
function buildPlateChain(input) {
  const groups = ordered(groupsOf(input.plates, input.caseVin));
  const chain = groups.map((g, i) => {
    const isCurrent = i === groups.length - 1;
    const start = g.dates[0] ?? null;
    const own = g.dates[g.dates.length - 1] ?? null;
    const next = isCurrent ? null : groups[i + 1].dates[0] ?? null;
    const end = isCurrent ? null : next && (!start || next >= start) ? next : own;
    const documents = g.entries.map((e) => documentOf(e, g.plate, input.caseVin, input.fileUrl)).map((doc, j) => ({ doc, j })).sort((a, b) => (a.doc.issued_at ?? "9999").localeCompare(b.doc.issued_at ?? "9999") || a.j - b.j).map(({ doc }) => doc);
    return {
      sequence_index: i,
      plate: g.plate,
      entity: PLATE_CHAIN_ENTITY,
      period_start: start,
      period_end: end,
      period_precision: start || end ? "day" : "unknown",
      is_current: isCurrent,
      predecessor_plate: g.previous,
      documents
    };
  });
  return {
    case_id: input.caseId,
    internal_id: input.internalId,
    niv: input.caseVin,
    summary: {
      plate_count: chain.length,
      current_plate: chain.length ? chain[chain.length - 1].plate : null,
      chain_scope: PLATE_CHAIN_SCOPE,
      generated_at: input.now.toISOString()
    },
    chain,
    status: "completed",
    message: null
  };
}

// src/services/chains.service.ts
var PLATE_CHAIN_JOB = "chain.plates";
var OWNERSHIP_CHAIN_JOB = "chain.ownership";
function assertNoParameters(body, query) {
  const hasBody = body !== void 0 && body !== null && !(typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0);
  if (hasBody || Object.keys(query).length > 0) {
    throw badRequest("Este endpoint no recibe par\xE1metros en el cuerpo ni en la consulta");
  }
}
async function plateChainBody(ctx, row) {
  const [plates, lookups, docs, caseVin] = await Promise.all([
    ctx.db.selectFrom("case_plates").selectAll().where("case_id", "=", row.id).orderBy("position").execute(),
    ctx.db.selectFrom("plate_portal_lookups").selectAll().where("case_id", "=", row.id).execute(),
    listCaseDocuments(ctx.db, row.id, { includeInactive: false }),
    casePrimaryVin(ctx, row.id)
  ]);
  const portal = new Map(lookups.map((l) => [l.plate, l]));
  const byId = new Map(docs.map((d) => [d.id, d]));
  const base = publicBaseUrl(ctx.config);
  return buildPlateChain({
    caseId: row.id,
    internalId: row.internal_id,
    caseVin,
    now: ctx.clock.now(),
    fileUrl: (fileId) => {
      const key = byId.get(fileId)?.storage_key;
      return key ? `${base}/files/${key}` : null;
    },
    plates: plates.map((p) => {
      const parsed = fromJson(byId.get(p.file_id)?.parsed_data, {});
      const l = p.entity === "MEX" ? portal.get(p.plate) : void 0;
      return {
        plate: p.plate,
        entity: p.entity,
        document_type: p.document_type,
        document_date: p.document_date,
        file_id: p.file_id,
        ocr_id: p.ocr_id,
        niv: p.niv,
        owner_name: p.owner_name,
        previous_plate: l?.previous_plate ?? null,
        plate_valid_from: l?.valid_from ?? null,
        folio: typeof parsed.folio === "string" ? parsed.folio : null,
        field_name: "placa"
      };
    })
  });
}
async function ownershipChainBody(ctx, row) {
  const [docs, names] = await Promise.all([processedDocuments(ctx, row.id), consolidatedNames(ctx, row.id)]);
  return buildOwnershipChain({
    caseId: row.id,
    internalId: row.internal_id,
    now: ctx.clock.now(),
    names,
    documents: [...docs].reverse().map(({ doc, parsed }) => ({ file_id: doc.id, document_type: doc.type, parsed_data: parsed }))
  });
}
var chainJob = (kind) => ({
  maxAttempts: 3,
  async run(job, ctx) {
    const row = await findCaseById(ctx.db, job.caseId);
    if (!row || row.active !== 1) return null;
    return kind === PLATE_CHAIN_JOB ? plateChainBody(ctx, row) : ownershipChainBody(ctx, row);
  }
});
async function startChain(ctx, principal, caseId2, kind) {
  const row = await loadCase(ctx, principal, caseId2);
  await enqueueJob(ctx.db, ctx.clock, ctx.ids, { kind, payload: {}, companyId: row.company_id, caseId: row.id });
  return row;
}
async function readChain(ctx, row, kind, pending) {
  const job = await latestJobForCase(ctx.db, row.id, kind);
  if (!job) return pending("pending");
  if (job.status === "completed" && job.result) return job.result;
  return pending(job.status === "pending" || job.status === "processing" ? "processing" : "pending");
}
async function generateChainPlates(ctx, principal, caseId2) {
  const row = await startChain(ctx, principal, caseId2, PLATE_CHAIN_JOB);
  return plateChainPending({ caseId: row.id, internalId: row.internal_id, caseVin: await casePrimaryVin(ctx, row.id) }, "processing");
}
async function getChainPlates(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const c = { caseId: row.id, internalId: row.internal_id, caseVin: await casePrimaryVin(ctx, row.id) };
  return readChain(ctx, row, PLATE_CHAIN_JOB, (status) => plateChainPending(c, status));
}
async function generateOwnershipChain(ctx, principal, caseId2) {
  const row = await startChain(ctx, principal, caseId2, OWNERSHIP_CHAIN_JOB);
  return ownershipChainPending({ caseId: row.id, internalId: row.internal_id }, "processing");
}
async function getOwnershipChain(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  return readChain(ctx, row, OWNERSHIP_CHAIN_JOB, (status) => ownershipChainPending({ caseId: row.id, internalId: row.internal_id }, status));
}

// src/services/documentInsights.ts
async function documentText(ctx, doc) {
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) return { bytes: null, text: "" };
  const out = await runOcr(pipelineEngines(ctx), { bytes, mime: doc.mime_type, sha256: doc.sha256 ?? "" });
  return { bytes, text: out.text, type: out.type };
}
async function classifyDocument2(ctx, doc, type) {
  const now = ctx.clock.now().toISOString();
  if (type) {
    await updateDocument(ctx.db, doc.id, { type, classification_method: "manual", classification_confidence: 1, updated_at: now });
    return { document_id: doc.id, type, document_subtype: doc.subtype, method: "manual", confidence: 1 };
  }
  const { text, type: fixtureType } = await documentText(ctx, doc);
  const result = fixtureType ? { type: fixtureType, subtype: null, confidence: 1 } : classifyDocument({ mime: doc.mime_type, text, fileName: doc.file_name ?? void 0 });
  const decided = result.type && result.type !== "unknown" ? result.type : null;
  await updateDocument(ctx.db, doc.id, {
    ...decided ? { type: decided, subtype: result.subtype ?? null } : {},
    classification_method: "automatic",
    classification_confidence: result.confidence,
    updated_at: now
  });
  return {
    document_id: doc.id,
    type: decided,
    document_subtype: decided ? result.subtype ?? null : null,
    method: "automatic",
    confidence: result.confidence
  };
}
async function extractionData(ctx, doc) {
  const parsed = fromJson(doc.parsed_data, {});
  const { bytes, text } = await documentText(ctx, doc);
  const codes = bytes ? await extractCodes(bytes, doc.mime_type, text) : [];
  return {
    document_id: doc.id,
    validity: fromJson(doc.validity, PENDING_VALIDITY),
    codes,
    owner: ownerInfo(parsed)
  };
}

// src/services/lookups/bureau.service.ts
import { CREDIT_BUREAU_PATH_SEGMENT } from "@vcase/shared";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

// src/services/lookups/pedimento.service.ts
var PEDIMENTO_REQUIRED_FIELDS = ["aduana", "ano_vehiculo"];
var NO_PRIMARY_VIN = "No se encontr\xF3 un VIN principal para el caso";
async function startPedimento(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const docs = await processedDocuments(ctx, row.id);
  const vin = primaryVin(vinSources(docs));
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  const primary = docs.find(({ doc, parsed: parsed2 }) => doc.type && INVOICE_TYPES.has(doc.type) && str3(parsed2.vin)?.toUpperCase() === vin) ?? docs.find(({ parsed: parsed2 }) => str3(parsed2.vin)?.toUpperCase() === vin);
  const parsed = primary?.parsed ?? {};
  const missing = PEDIMENTO_REQUIRED_FIELDS.filter((f) => str3(parsed[f]) === null);
  if (missing.length) {
    throw badRequest(`Faltan campos requeridos en el OCR del documento principal: ${missing.join(", ")}`, { missing_fields: missing });
  }
  const job = await startLookup(ctx, caseOwner(row), {
    source: "pedimento",
    key: vin,
    input: { pedimento: str3(parsed.pedimento), aduana: str3(parsed.aduana), ano_vehiculo: parsed.ano_vehiculo, file_id: primary?.doc.id }
  });
  return { job_id: job.id, status: "pending" };
}
async function getPedimento(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const jobs = await caseLookups(ctx.db, row.id, "pedimento");
  const latest = jobs[0];
  if (!latest) throw notFound("No se ha ejecutado ninguna consulta de pedimento; use POST /v1/cases/{case_id}/pedimento primero");
  const r2 = latest.result;
  return {
    case_id: row.id,
    job_id: latest.id,
    status: r2?.kind === "failed" ? "error" : latest.status,
    source: "processing_jobs",
    result: !r2 ? null : r2.kind === "ok" ? { success: true, data: r2.data.data ?? r2.data } : { success: false, data: null }
  };
}

// src/services/lookups/bureau.service.ts
function flatten(value, prefix = "") {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [`${prefix}: ${value === null || value === void 0 ? "\u2014" : String(value)}`];
}
async function bureauReportPdf(vin, report, generatedAt) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  page.drawText("Reporte de verificaci\xF3n vehicular", { x: 50, y, size: 18, font: bold, color: rgb(0.1, 0.2, 0.4) });
  y -= 28;
  for (const line of [`NIV: ${vin}`, `Fuente: ${CREDIT_BUREAU_PATH_SEGMENT}`, `Generado: ${generatedAt.toISOString()}`]) {
    page.drawText(line, { x: 50, y, size: 11, font });
    y -= 16;
  }
  y -= 10;
  for (const line of flatten(report)) {
    if (y < 60) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(line.slice(0, 100), { x: 50, y, size: 10, font });
    y -= 14;
  }
  pdf.setTitle(`Reporte de verificaci\xF3n ${vin}`);
  pdf.setCreationDate(generatedAt);
  return pdf.save();
}
var attachBureauReport = async (ctx, job, result) => {
  if (result.kind !== "ok") return result;
  const report = obj(result.data.report) ?? result.data;
  const bytes = await bureauReportPdf(job.payload.key, report, ctx.clock.now());
  const stored = await ctx.storage.put(bytes, "pdf");
  return { ...result, document: { key: stored.key, uuid: ctx.ids() } };
};
async function startBureau(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const vin = await casePrimaryVin(ctx, row.id);
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  const job = await startLookup(ctx, caseOwner(row), { source: "bureau", key: vin });
  return { job_id: job.id, vin, status: "pending" };
}
async function getBureau(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const jobs = await caseLookups(ctx.db, row.id, "bureau");
  const latest = jobs[0];
  if (!latest) throw notFound("No se ha ejecutado ninguna consulta de bur\xF3 para este caso");
  const status = lookupStatus(latest);
  const r2 = latest.result;
  const completed = status === "completed" && r2?.kind === "ok";
  return {
    case_id: row.id,
    source: CREDIT_BUREAU_PATH_SEGMENT,
    status: completed || status !== "completed" ? status : "error",
    query_count: jobs.length,
    completed_count: jobs.filter((j) => lookupStatus(j) === "completed").length,
    data: completed && r2?.kind === "ok" ? obj(r2.data.report) ?? r2.data : null,
    document: completed && r2?.document ? { url: `${publicBaseUrl(ctx.config)}/files/${r2.document.key}`, uuid: r2.document.uuid } : null
  };
}

// src/services/lookups/ine.service.ts
import { createHash as createHash7 } from "crypto";
import { checkIneSubmitBody, isUuid as isUuid4 } from "@vcase/shared";
var INE_KEYS = [
  "names",
  "first_last_name",
  "second_last_name",
  "birth_date",
  "gender",
  "curp",
  "elector_key",
  "state",
  "municipality",
  "section",
  "emission",
  "validity",
  "cic",
  "ocr",
  "citizen_identifier"
];
var ineKey = (front) => createHash7("sha256").update(front).digest("hex");
var isUrl = (v) => /^https?:\/\/\S+$/i.test(v);
var isBase64 = (v) => /^(data:[\w/+.-]+;base64,)?[A-Za-z0-9+/\s]+={0,2}$/.test(v);
async function submitIne(ctx, principal, body) {
  const checked = checkIneSubmitBody(body);
  if (!checked.ok) throw HttpError.of(checked.code, checked.message, { fields: checked.fields });
  const { front, back } = checked.value;
  for (const [field, value] of [["front", front], ["back", back]]) {
    if (value !== void 0 && value !== "" && !isUrl(value) && !isBase64(value)) {
      throw HttpError.of("VALIDATION_ERROR", `${field} debe ser una URL p\xFAblica o contenido base64`, { field });
    }
  }
  const job = await startLookup(
    ctx,
    { companyId: principal.companyId, caseId: null },
    { source: "ine", key: ineKey(body.front), input: { has_back: Boolean(back) } }
  );
  return { job_id: job.id, status: "processing" };
}
function toIneData(raw) {
  const out = Object.fromEntries(INE_KEYS.map((k) => [k, str3(raw[k]) ?? ""]));
  const gender = out.gender.toUpperCase();
  return { ...out, gender: gender === "MUJER" || gender === "M" ? "MUJER" : "HOMBRE", locality: str3(raw.locality) };
}
async function getIneResult(ctx, principal, jobId) {
  const job = isUuid4(jobId) ? await getJob(ctx.db, jobId.toLowerCase()) : void 0;
  if (!job || job.kind !== lookupJobKind("ine") || job.companyId !== principal.companyId) {
    throw notFound("Validaci\xF3n de INE no encontrada");
  }
  const status = lookupStatus(job);
  if (status === "pending" || status === "processing") return { status: "processing", data: null };
  const data = job.result?.kind === "ok" ? obj(job.result.data.data) : null;
  return data ? { status: "completed", data: toIneData(data) } : { status: "error", data: null };
}

// src/services/lookups/rapi.service.ts
import { RAPI_MESSAGES } from "@vcase/shared";
async function startRapi(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const vin = await casePrimaryVin(ctx, row.id);
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  const job = await startLookup(ctx, caseOwner(row), { source: "rapi", key: vin });
  return { job_id: job.id, vin, status: "pending" };
}
async function getRapi(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const [latest] = await caseLookups(ctx.db, row.id, "rapi");
  if (latest) {
    const r2 = latest.result;
    const status = lookupStatus(latest);
    return {
      case_id: row.id,
      job_id: latest.id,
      result: r2?.kind === "ok" ? obj(r2.data.result) ?? r2.data : null,
      status,
      message: r2?.kind === "failed" ? r2.error : r2?.kind === "reason" ? r2.reason : r2?.kind === "not_found" ? "Sin resultados en RAPI" : null
    };
  }
  const caseJob = await latestJobForCase(ctx.db, row.id, CASE_PROCESS_JOB);
  if (caseJob?.status === "processing") {
    return { job_id: caseJob.id, result: null, status: "processing", message: RAPI_MESSAGES.CASE_PROCESSING };
  }
  if (caseJob?.status === "pending") {
    return { job_id: caseJob.id, result: null, status: "pending", message: RAPI_MESSAGES.CASE_NOT_PROCESSED };
  }
  throw notFound("No se ha ejecutado ninguna consulta de RAPI para este caso");
}

// src/services/lookups/renapo.service.ts
function isWellFormedCurp(curp) {
  const v = validateCurp(curp);
  return v.valid || v.reason === "check_digit";
}
var CURP_PRIORITY = (type) => type === "curp" ? 0 : type === "id_front" || type === "id_front_and_reverse" ? 1 : 2;
var PERSON_KEYS = [
  "first_name",
  "paternal_surname",
  "maternal_surname",
  "birth_date",
  "birth_state",
  "birth_country",
  "sex",
  "curp_status",
  "validation_status",
  "validation_code",
  "message_code",
  "probative_doc"
];
var PROBATIVE_KEYS = [
  "registration_year",
  "state_key",
  "municipality_key",
  "state",
  "municipality",
  "foja",
  "folio",
  "book",
  "tome",
  "act_number",
  "foreign_registry_number"
];
function pick(raw, keys) {
  if (!raw) return null;
  return Object.fromEntries(keys.map((k) => [k, str3(raw[k])]));
}
async function startRenapo(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const docs = await processedDocuments(ctx, row.id);
  const candidates = docs.map(({ doc, parsed }, i) => ({ curp: str3(parsed.curp)?.toUpperCase() ?? null, rank: CURP_PRIORITY(doc.type), i })).filter((c) => c.curp !== null && isWellFormedCurp(c.curp)).sort((a, b) => a.rank - b.rank || a.i - b.i);
  const curp = candidates[0]?.curp;
  if (!curp) throw badRequest("No se encontr\xF3 una CURP en los documentos procesados del caso");
  const job = await startLookup(ctx, caseOwner(row), { source: "renapo", key: curp });
  return { job_id: job.id, curp, status: "pending" };
}
async function getRenapo(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const jobs = await caseLookups(ctx.db, row.id, "renapo");
  const latest = jobs[0];
  if (!latest) throw notFound("No se ha ejecutado ninguna consulta de RENAPO para este caso");
  const jobStatus = lookupStatus(latest);
  const r2 = latest.result;
  const found2 = jobStatus === "completed" && r2?.kind === "ok";
  const status = jobStatus === "completed" ? found2 ? "completed" : "error" : jobStatus === "error" ? "error" : "pending";
  return {
    case_id: row.id,
    source: "renapo",
    status,
    query_count: jobs.length,
    completed_count: jobs.filter((j) => lookupStatus(j) === "completed").length,
    data: {
      job_id: latest.id,
      created_at: latest.createdAt,
      status: found2 ? "completed" : jobStatus === "completed" ? "error" : jobStatus,
      curp: latest.payload.key,
      probative_doc_url: found2 ? str3(r2.data.probative_doc_url) : null,
      person: found2 ? pick(obj(r2.data.person), PERSON_KEYS) : null,
      probative_doc_data: found2 ? pick(obj(r2.data.probative_doc_data), PROBATIVE_KEYS) : null
    }
  };
}

// src/domain/taxes.ts
import {
  MAIN_TAX_YEARS,
  TAX_MESSAGES
} from "@vcase/shared";

// src/domain/mainPlate.ts
function isLegiblePlate(plate) {
  return !!plate && isPlausiblePlate(normalizePlateText(plate));
}
function mainPlate(plates) {
  let best = null;
  let bestKey = "";
  let firstLegible = null;
  for (const p of plates) {
    if (!isLegiblePlate(p.plate)) continue;
    firstLegible ??= p;
    const key = dateKey(p.document_date);
    if (key && key > bestKey) {
      best = p;
      bestKey = key;
    }
  }
  return best ?? firstLegible;
}

// src/domain/tickets.ts
import { TICKET_MESSAGES } from "@vcase/shared";
var TICKETS_NATIONAL_ENTITY = "CMX";
function entitiesOf(plate) {
  if (!plate.entity || plate.entity === TICKETS_NATIONAL_ENTITY) return [TICKETS_NATIONAL_ENTITY];
  return [plate.entity, TICKETS_NATIONAL_ENTITY];
}
function rosterOf(plates, caseVin) {
  const selection = selectCasePlates(plates, caseVin);
  return { selection, roster: plateRoster(selection.plates, mainPlate(selection.plates)) };
}
function ticketPlatesToQuery(plates, caseVin) {
  return rosterOf(plates, caseVin).roster.flatMap((p) => entitiesOf(p).map((entity) => ({ plate: p.plate, entity })));
}
var sourceStatusKey = (s) => s.trim().toUpperCase().replace(/\s+/g, " ");
function sourceAmount(value) {
  return typeof value === "number" || typeof value === "string" ? value : null;
}
function ticketRows(plate, state, lookup) {
  const row = (status, message) => ({
    plate_number: plate,
    state,
    ticket_date: null,
    amount: null,
    status,
    message
  });
  if (!lookup || lookup.state === "never") return [row("failed", TICKET_MESSAGES.PLATE_NEVER_QUERIED)];
  if (lookup.state === "running") return [row("processing", TICKET_MESSAGES.PROCESSING)];
  if (lookup.state === "failed") return [row("failed", TICKET_MESSAGES.LOOKUP_FAILED)];
  if (lookup.state === "reason") return [row("failed", lookup.reason?.trim() ? lookup.reason : TICKET_MESSAGES.LOOKUP_FAILED)];
  const infractions = lookup.infractions ?? [];
  if (infractions.length === 0) return [row("success", TICKET_MESSAGES.NO_INFRACTIONS)];
  return infractions.map((inf) => {
    const text = typeof inf.status === "string" ? inf.status : String(inf.status ?? "");
    const key = sourceStatusKey(text);
    const [status, message] = key === "PAGADA" ? ["success", TICKET_MESSAGES.PAID] : key === "NO PAGADA" ? ["warning", TICKET_MESSAGES.UNPAID] : ["warning", text];
    return { plate_number: plate, state, ticket_date: inf.date ?? null, amount: sourceAmount(inf.amount), status, message };
  });
}
function ticketsResponse(input) {
  const { selection, roster } = rosterOf(input.plates, input.caseVin);
  const empty = (status, message) => ({
    case_id: input.caseId,
    status,
    message,
    result: []
  });
  if (selection.emptyMessage) return empty("completed", selection.emptyMessage);
  const records = /* @__PURE__ */ new Map();
  for (const l of input.lookups) {
    const id = plateIdentity(l.plate, l.entity);
    if (l.state !== "never" && !records.has(id)) records.set(id, l);
  }
  let anyRecord = false;
  const result = [];
  for (const p of roster) {
    const found2 = entitiesOf(p).map((entity) => ({ entity, lookup: records.get(plateIdentity(p.plate, entity)) })).filter((f) => !!f.lookup);
    if (found2.length === 0) {
      result.push(...ticketRows(p.plate, p.entity || null, void 0));
      continue;
    }
    anyRecord = true;
    for (const f of found2) result.push(...ticketRows(p.plate, f.entity, f.lookup));
  }
  if (!anyRecord) return empty("processing", TICKET_MESSAGES.NO_LOOKUP_YET);
  return { case_id: input.caseId, status: "completed", message: null, result };
}

// src/domain/taxes.ts
var MEXICO_CITY_YEAR = new Intl.DateTimeFormat("en-US", { timeZone: "America/Mexico_City", year: "numeric" });
function mainTaxYears(now) {
  const current = Number(MEXICO_CITY_YEAR.format(now));
  return Array.from({ length: MAIN_TAX_YEARS }, (_, i) => current - i);
}
function taxPlatesToQuery(plates, caseVin) {
  const kept = selectCasePlates(plates, caseVin).plates;
  return plateRoster(kept, mainPlate(kept)).map((p) => ({ plate: p.plate, entity: p.entity }));
}
var RANK = { done: 4, reason: 3, running: 2, failed: 1, never: 0 };
function mostInformativeLookup(lookups) {
  let best;
  for (const l of lookups) {
    if (!best) best = l;
    else if (RANK[l.state] !== RANK[best.state]) {
      if (RANK[l.state] > RANK[best.state]) best = l;
    } else if (l.finished_at && best.finished_at && l.finished_at > best.finished_at) best = l;
  }
  return best;
}
var sameEntity = (a, b) => {
  const x = (a ?? "").trim().toUpperCase();
  const y = (b ?? "").trim().toUpperCase();
  return !x || !y || x === y;
};
var lookupsOf = (p, lookups) => lookups.filter((l) => normalizePlateText(l.plate) === p.plate && sameEntity(l.entity, p.entity));
var receiptYears = (r2) => {
  const v = r2.ejercicio_fiscal;
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return list.map(Number).filter((y) => Number.isInteger(y));
};
function receiptsOf(p, receipts, caseVin) {
  return receipts.filter(
    (r2) => !!r2.placa && normalizePlateText(r2.placa) === p.plate && sameEntity(r2.entidad, p.entity) && nivBelongsToCase(r2.vin, caseVin)
  );
}
function receiptFor(year, receipts) {
  let best;
  for (const r2 of receipts) {
    if (!receiptYears(r2).includes(year)) continue;
    if (!best || dateKey(r2.fecha_pago ?? "") > dateKey(best.fecha_pago ?? "")) best = r2;
  }
  return best;
}
var hasAmount = (v) => typeof v === "number" || typeof v === "string" && v.trim() !== "";
function verdictOf(lookup) {
  const cell = (status, message) => ({ answered: false, cell: { status, message } });
  if (!lookup) return cell("processing", TAX_MESSAGES.PLATE_NEVER_QUERIED);
  switch (lookup.state) {
    case "never":
      return cell("failed", TAX_MESSAGES.LOOKUP_NEVER_RAN);
    case "running":
      return cell("processing", TAX_MESSAGES.PROCESSING);
    case "failed":
      return cell("failed", TAX_MESSAGES.SOURCE_ERROR);
    case "reason":
      return cell("failed", lookup.reason?.trim() ? lookup.reason : TAX_MESSAGES.SOURCE_ERROR);
    case "done": {
      const debts = /* @__PURE__ */ new Map();
      for (const y of lookup.years ?? []) {
        const year = Number(y.fiscal_year);
        if (Number.isInteger(year) && !debts.has(year)) debts.set(year, sourceAmount(y.amount));
      }
      return { answered: true, debts };
    }
  }
}
var cellFor = (v, year) => !v.answered ? v.cell : v.debts.has(year) ? { status: "warning", message: TAX_MESSAGES.WITH_DEBT } : { status: "success", message: TAX_MESSAGES.NO_DEBT };
function paymentOf(v, year, receipts) {
  const receipt = receiptFor(year, receipts);
  const portal = v.answered ? v.debts.get(year) : void 0;
  return {
    payment_date: receipt?.fecha_pago ?? null,
    total: hasAmount(portal) ? portal : sourceAmount(receipt?.total)
  };
}
var stateOf = (p, receipts) => p.entity || receipts.find((r2) => r2.entidad?.trim())?.entidad?.trim().toUpperCase() || null;
function plateData(p, input) {
  const lookups = lookupsOf(p, input.lookups);
  return { plate: p, verdict: verdictOf(mostInformativeLookup(lookups)), receipts: receiptsOf(p, input.receipts, input.caseVin), lookups };
}
function blockOf(result, processing, started) {
  if (processing.length === 0) return { message: null, status: "completed", result };
  const message = !started ? TAX_MESSAGES.NO_LOOKUP_YET : (processing.find((c) => c.message === TAX_MESSAGES.PROCESSING) ?? processing[0]).message;
  return { message, status: "processing", result };
}
function mainTaxBlock(d, years, started) {
  const rows = years.map((year) => ({
    fiscal_year: year,
    plate_number: d.plate.plate,
    state: stateOf(d.plate, d.receipts),
    document: receiptFor(year, d.receipts) ? { status: "success", message: TAX_MESSAGES.RECEIPT_ADDED } : { status: "warning", message: TAX_MESSAGES.RECEIPT_PENDING },
    source: cellFor(d.verdict, year),
    ...paymentOf(d.verdict, year, d.receipts)
  }));
  return blockOf(rows, rows.map((r2) => r2.source).filter((c) => c.status === "processing"), started);
}
function taxRows(d, receiptsOnly) {
  const fromReceipts = d.receipts.flatMap(receiptYears);
  const reported = receiptsOnly || !d.verdict.answered ? fromReceipts : [...d.verdict.debts.keys(), ...fromReceipts];
  const years = [...new Set(reported)].sort((a, b) => b - a);
  const base = { plate_number: d.plate.plate, state: stateOf(d.plate, d.receipts) };
  if (years.length === 0) {
    if (receiptsOnly) return [];
    const status = d.verdict.answered ? { status: "success", message: TAX_MESSAGES.NO_DEBT } : d.verdict.cell;
    return [{ ...base, fiscal_year: null, status, payment_date: null, total: null }];
  }
  return years.map((year) => ({ ...base, fiscal_year: year, status: cellFor(d.verdict, year), ...paymentOf(d.verdict, year, d.receipts) }));
}
function taxesBlock(others, all, hasMain, started) {
  if (hasMain && others.length === 0) return { message: TAX_MESSAGES.ONLY_MAIN_PLATE, status: "completed", result: [] };
  if (!started) {
    return { message: TAX_MESSAGES.NO_LOOKUP_YET, status: "processing", result: others.flatMap((d) => taxRows(d, true)) };
  }
  const caseLookups2 = all.flatMap((d) => d.lookups);
  if (caseLookups2.some((l) => l.state === "running") && caseLookups2.every((l) => l.state === "running")) {
    return { message: TAX_MESSAGES.PROCESSING, status: "processing", result: [] };
  }
  const rows = others.flatMap((d) => taxRows(d, false));
  return blockOf(rows, rows.map((r2) => r2.status).filter((c) => c.status === "processing"), started);
}
function taxesResponse(input) {
  const selection = selectCasePlates(input.plates, input.caseVin);
  if (selection.emptyMessage) {
    const block = { message: selection.emptyMessage, status: "completed", result: [] };
    return { main_tax: block, taxes: { ...block, result: [] } };
  }
  const main = mainPlate(selection.plates);
  const roster = plateRoster(selection.plates, main);
  const started = input.anyLookupStarted || input.lookups.length > 0;
  const all = roster.map((p) => plateData(p, input));
  const mainData = all.find((d) => d.plate.role === "main");
  const others = all.filter((d) => d.plate.role !== "main");
  return {
    main_tax: mainData ? mainTaxBlock(mainData, mainTaxYears(input.now), started) : { message: null, status: "completed", result: [] },
    taxes: taxesBlock(others, all, !!mainData, started)
  };
}

// src/services/lookups/plateLookupState.ts
var plateKey = (plate, entity) => `${plate}:${entity}`;
function stateOf2(job) {
  const [plate, entity = ""] = job.payload.key.split(":");
  const base = { plate, entity, finished_at: job.finishedAt ?? void 0 };
  const status = lookupStatus(job);
  if (status === "pending" || status === "processing") return { ...base, state: "running" };
  const r2 = job.result;
  if (status === "error" || !r2 || r2.kind === "failed") return { ...base, state: "failed" };
  if (r2.kind === "reason") return { ...base, state: "reason", reason: r2.reason };
  if (r2.kind === "not_found") return { ...base, state: "done", data: {} };
  return { ...base, state: "done", data: r2.data };
}
async function plateLookupStates(ctx, caseId2, source) {
  const jobs = await caseLookups(ctx.db, caseId2, source);
  return { states: jobs.map(stateOf2), anyStarted: jobs.length > 0 };
}
async function casePlateEntries(ctx, caseId2) {
  const [plates, lookups] = await Promise.all([
    ctx.db.selectFrom("case_plates").selectAll().where("case_id", "=", caseId2).orderBy("position").execute(),
    ctx.db.selectFrom("plate_portal_lookups").selectAll().where("case_id", "=", caseId2).execute()
  ]);
  const previous = new Map(lookups.map((l) => [l.plate, l.previous_plate]));
  return plates.map((p) => ({
    plate: p.plate,
    entity: p.entity,
    document_type: p.document_type,
    document_date: p.document_date,
    file_id: p.file_id,
    ocr_id: p.ocr_id,
    niv: p.niv,
    motor_number: p.motor_number,
    owner_name: p.owner_name,
    previous_plate: p.entity === "MEX" ? previous.get(p.plate) ?? null : null
  }));
}
async function caseTaxReceipts(ctx, caseId2) {
  const docs = await ctx.db.selectFrom("documents").select(["id", "type", "parsed_data"]).where("case_id", "=", caseId2).where("active", "=", 1).where("status", "=", "processed").where("type", "in", ["tax_payment", "tenencia"]).execute();
  return docs.map((d) => {
    const p = fromJson(d.parsed_data, {});
    return {
      file_id: d.id,
      placa: str3(p.placa),
      entidad: str3(p.entidad),
      ejercicio_fiscal: p.ejercicio_fiscal,
      fecha_pago: str3(p.fecha_pago),
      total: p.total,
      vin: str3(p.vin)
    };
  });
}

// src/services/plateReports.service.ts
var LOOKUP_BATCH_JOB = "lookup.batch";
var lookupBatchJob = {
  async run(job) {
    return { source: job.payload.source, plates: job.payload.plates };
  }
};
var NO_PLATES = "El caso no tiene placas; calcule las placas primero con POST /v1/cases/{case_id}/plates";
async function startPlateLookups(ctx, row, source, pick2) {
  const plates = await casePlateEntries(ctx, row.id);
  if (plates.length === 0) throw badRequest(NO_PLATES);
  const caseVin = await casePrimaryVin(ctx, row.id);
  const pairs = pick2(plates, caseVin);
  if (pairs.length === 0) throw badRequest(selectCasePlates(plates, caseVin).emptyMessage ?? NO_PLATES);
  const unique = [...new Set(pairs.map((p) => p.plate))];
  return ctx.db.transaction().execute(async (trx) => {
    const parent = await enqueueJob(trx, ctx.clock, ctx.ids, {
      kind: LOOKUP_BATCH_JOB,
      payload: { source, plates: unique },
      companyId: row.company_id,
      caseId: row.id
    });
    for (const p of pairs) {
      await startLookup(ctx, caseOwner(row), { source, key: plateKey(p.plate, p.entity), input: p }, trx, parent.id);
    }
    return { job_id: parent.id, plates: unique, status: "pending" };
  });
}
async function startTickets(ctx, principal, caseId2) {
  return startPlateLookups(ctx, await loadCase(ctx, principal, caseId2), "tickets", ticketPlatesToQuery);
}
async function startTaxes(ctx, principal, caseId2) {
  return startPlateLookups(ctx, await loadCase(ctx, principal, caseId2), "tenencia", taxPlatesToQuery);
}
async function getTickets(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const [plates, caseVin, { states }] = await Promise.all([
    casePlateEntries(ctx, row.id),
    casePrimaryVin(ctx, row.id),
    plateLookupStates(ctx, row.id, "tickets")
  ]);
  return ticketsResponse({
    caseId: row.id,
    plates,
    caseVin,
    lookups: states.map((s) => ({
      plate: s.plate,
      entity: s.entity,
      state: s.state,
      reason: s.reason,
      infractions: Array.isArray(s.data?.infractions) ? s.data.infractions : s.state === "done" ? [] : void 0
    }))
  });
}
async function getTaxes(ctx, principal, caseId2) {
  const row = await loadCase(ctx, principal, caseId2);
  const [plates, caseVin, { states, anyStarted }, receipts] = await Promise.all([
    casePlateEntries(ctx, row.id),
    casePrimaryVin(ctx, row.id),
    plateLookupStates(ctx, row.id, "tenencia"),
    caseTaxReceipts(ctx, row.id)
  ]);
  return taxesResponse({
    plates,
    caseVin,
    receipts,
    anyLookupStarted: anyStarted,
    now: ctx.clock.now(),
    lookups: states.map((s) => ({
      plate: s.plate,
      entity: s.entity,
      state: s.state,
      reason: s.reason,
      finished_at: s.finished_at,
      years: Array.isArray(s.data?.years) ? s.data.years : s.state === "done" ? [] : void 0
    }))
  });
}

// src/operations/handlers.ts
var withStatus = (statusCode, body, replayed = false) => ({ [STATUS]: true, statusCode, body, replayed });
var STATUS = /* @__PURE__ */ Symbol("status");
function isWithStatus(r2) {
  return typeof r2 === "object" && r2 !== null && STATUS in r2;
}
var caseId = (i) => i.params.case_id;
var docId = (i) => i.params.document_id;
var obj2 = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : {};
function webhookEvent(value) {
  const parsed = webhookEventSchema.safeParse(value);
  if (!parsed.success) throw validationError(`Evento de webhook desconocido: ${value}`, { field: "event" });
  return parsed.data;
}
var HANDLERS = {
  // ── cases ──
  listCases: ({ ctx, principal }, i) => listCasesForCompany(ctx, principal, i.query),
  createCase: async ({ ctx, principal }, i) => {
    const r2 = await withIdempotency(
      ctx,
      { companyId: principal.companyId ?? "", route: "POST /v1/cases", key: i.idempotencyKey, body: i.body },
      () => createCase(ctx, principal, i.body)
    );
    return withStatus(r2.statusCode, r2.body, r2.replayed);
  },
  getCase: ({ ctx, principal, fileUrl }, i) => getCaseDetail(ctx, principal, caseId(i), { includeInactive: i.query.files === "all", fileUrl }),
  deleteCase: ({ ctx, principal }, i) => deleteCase(ctx, principal, caseId(i)),
  assignCase: ({ ctx, principal }, i) => assignCase(ctx, principal, caseId(i), i.body.user_id),
  processCase: ({ ctx, principal }, i) => processCase(ctx, principal, caseId(i)),
  getCaseStatus: ({ ctx, principal }, i) => getCaseStatus(ctx, principal, caseId(i)),
  getCaseNames: ({ ctx, principal }, i) => getCaseNames(ctx, principal, caseId(i)),
  getCaseVins: ({ ctx, principal }, i) => getCaseVins(ctx, principal, caseId(i)),
  getCaseMetadata: ({ ctx, principal }, i) => getCaseMetadata(ctx, principal, caseId(i)),
  appendCaseMetadata: ({ ctx, principal }, i) => appendCaseMetadata(ctx, principal, caseId(i), obj2(i.body)),
  getPlates: ({ ctx, principal }, i) => getPlates(ctx, principal, caseId(i)),
  computePlates: ({ ctx, principal }, i) => recomputePlates(ctx, principal, caseId(i)),
  getPlateChain: ({ ctx, principal }, i) => getChainPlates(ctx, principal, caseId(i)),
  generatePlateChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateChainPlates(ctx, principal, caseId(i));
  },
  getOwnershipChain: ({ ctx, principal }, i) => getOwnershipChain(ctx, principal, caseId(i)),
  generateOwnershipChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateOwnershipChain(ctx, principal, caseId(i));
  },
  // ── lookups ──
  getRepuve: ({ ctx, principal }, i) => getRepuve(ctx, principal, caseId(i)),
  getPedimento: ({ ctx, principal }, i) => getPedimento(ctx, principal, caseId(i)),
  startPedimento: ({ ctx, principal }, i) => startPedimento(ctx, principal, caseId(i)),
  getRapi: ({ ctx, principal }, i) => getRapi(ctx, principal, caseId(i)),
  startRapi: ({ ctx, principal }, i) => startRapi(ctx, principal, caseId(i)),
  getRenapo: ({ ctx, principal }, i) => getRenapo(ctx, principal, caseId(i)),
  startRenapo: ({ ctx, principal }, i) => startRenapo(ctx, principal, caseId(i)),
  getCreditBureau: ({ ctx, principal }, i) => getBureau(ctx, principal, caseId(i)),
  startCreditBureau: ({ ctx, principal }, i) => startBureau(ctx, principal, caseId(i)),
  getTickets: ({ ctx, principal }, i) => getTickets(ctx, principal, caseId(i)),
  startTickets: ({ ctx, principal }, i) => startTickets(ctx, principal, caseId(i)),
  getTaxes: ({ ctx, principal }, i) => getTaxes(ctx, principal, caseId(i)),
  startTaxes: ({ ctx, principal }, i) => startTaxes(ctx, principal, caseId(i)),
  getInvoices: ({ ctx, principal, fileUrl }, i) => getInvoices(ctx, principal, caseId(i), fileUrl),
  // ── documents ──
  listDocuments: ({ ctx, principal, fileUrl }, i) => listCompanyDocuments(ctx, principal, i.query, fileUrl),
  uploadDocument: async ({ ctx, principal, fileUrl }, i) => {
    const r2 = await withIdempotency(ctx, { companyId: principal.companyId ?? "", route: "POST /v1/documents", key: i.idempotencyKey, body: i.body }, async () => {
      const doc = await uploadDocument(ctx, principal, i.body);
      return { statusCode: 201, body: { document_id: doc.id, url: fileUrl(doc) } };
    });
    return withStatus(r2.statusCode, r2.body, r2.replayed);
  },
  getDocument: async ({ ctx, principal, fileUrl }, i) => toDocumentDetail(await loadDocument(ctx, principal, docId(i)), fileUrl),
  getDocumentExtractionData: async ({ ctx, principal }, i) => extractionData(ctx, await loadDocument(ctx, principal, docId(i))),
  deleteDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, docId(i), false),
  restoreDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, docId(i), true),
  patchDocumentOcr: async ({ ctx, principal, fileUrl }, i) => toDocumentDetail(await patchDocumentOcr(ctx, principal, docId(i), i.body), fileUrl),
  classifyDocument: async ({ ctx, principal }, i) => classifyDocument2(ctx, await loadDocument(ctx, principal, docId(i)), obj2(i.body).type || void 0),
  processDocument: async ({ ctx, principal }, i) => {
    const doc = await loadDocument(ctx, principal, docId(i));
    const job = await queueDocumentProcessing(ctx, doc);
    return { document_id: doc.id, job_id: job.id, status: "processing" };
  },
  reclassifyDocument: ({ ctx, principal }, i) => reclassifyDocument(ctx, principal, docId(i), obj2(i.body).type),
  // ── INE ──
  submitIne: ({ ctx, principal }, i) => submitIne(ctx, principal, i.body),
  getIne: ({ ctx, principal }, i) => getIneResult(ctx, principal, i.params.job_id),
  // ── admin ──
  createCompany: ({ ctx }, i) => createCompany(ctx, i.body),
  createUser: ({ ctx }, i) => createUser(ctx, i.params.company_id, obj2(i.body)),
  createToken: ({ ctx, signer }, i) => issueToken(ctx, signer, i.params.user_id, obj2(i.body).ttl_seconds),
  createApiKey: ({ ctx }, i) => createApiKey(ctx, i.params.company_id, obj2(i.body).name),
  revokeApiKey: ({ ctx }, i) => deleteApiKey(ctx, i.params.key_id),
  putWebhook: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    await requireCompanyRow(ctx, i.params.company_id);
    const body = obj2(i.body);
    try {
      await assertPublicUrl(String(body.url), { allowPrivate: ctx.config.allowPrivateUrls });
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw validationError(err.message, { field: "url" });
      throw err;
    }
    return putRegistration(ctx.db, {
      company_id: i.params.company_id,
      event,
      url: String(body.url),
      template: body.template ?? null,
      api_key: body.api_key ?? null,
      updated_at: ctx.clock.now().toISOString()
    });
  },
  // Idempotent: removing a registration that is not there leaves the same state.
  deleteWebhook: async ({ ctx }, i) => {
    await deleteRegistration(ctx.db, i.params.company_id, webhookEvent(i.params.event));
  },
  listWebhookDeliveries: async ({ ctx }, i) => {
    await requireCompanyRow(ctx, i.params.company_id);
    return { data: await listDeliveries(ctx.db, i.params.company_id, i.query) };
  },
  putSandboxFixture: async ({ ctx }, i) => {
    const source = sandboxSourceSchema.safeParse(i.params.source);
    if (!source.success) throw validationError(`Fuente de sandbox desconocida: ${i.params.source}`, { field: "source" });
    const fixture = { source: source.data, key: i.params.key, outcome: obj2(i.body) };
    await putFixture(ctx.db, fixture, ctx.clock.now().toISOString());
    return fixture;
  },
  listSandboxFixtures: async ({ ctx }) => ({ data: await listFixtures(ctx.db) }),
  clearSandboxFixtures: async ({ ctx }) => {
    await deleteAllFixtures(ctx.db);
  }
};

// src/http/routeDeps.ts
function principalOf(req) {
  if (!req.principal) throw new Error("route reached without authentication");
  return req.principal;
}

// src/http/operationRoutes.ts
var UPLOAD_BODY_LIMIT = Math.ceil(MAX_FILE_BYTES2 * 4 / 3) + 512 * 1024;
var ROUTE_EXTRAS = {
  listDocuments: { config: { authErrorCode: "UNAUTHORIZED" } },
  uploadDocument: { bodyLimit: UPLOAD_BODY_LIMIT },
  submitIne: { config: { unauthorizedMessage: "API key inv\xE1lida o ausente" } },
  getIne: { config: { unauthorizedMessage: "API key inv\xE1lida o ausente" } }
};
var toFastifyPath = (path6) => path6.replace(/\{([^}]+)\}/g, ":$1");
function schemaOf(op) {
  const params = pathParams(op.path);
  const statuses = [op.successStatus, ...op.otherSuccessStatuses ?? []];
  return {
    tags: [op.group],
    summary: op.summary,
    operationId: op.id,
    ...params.length ? { params: z3.object(Object.fromEntries(params.map((p) => [p, z3.string()]))) } : {},
    ...op.query ? { querystring: op.query } : {},
    ...op.rejectsBody ? { body: z3.unknown() } : op.wireBody || op.body ? { body: op.wireBody ?? op.body } : {},
    ...op.response ? { response: Object.fromEntries(statuses.map((s) => [s, op.response])) } : {}
  };
}
async function registerOperationRoutes(app, deps) {
  const typed = app.withTypeProvider();
  for (const op of OPERATION_LIST) {
    if (op.id === "health") continue;
    const handler = HANDLERS[op.id];
    const extras = ROUTE_EXTRAS[op.id] ?? {};
    typed.route({
      method: op.method,
      url: toFastifyPath(op.path),
      config: { auth: op.auth, ...extras.config },
      ...extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {},
      schema: schemaOf(op),
      handler: async (req, reply) => {
        const key = req.headers["idempotency-key"];
        const result = await handler(
          { ctx: deps.ctx, principal: principalOf(req), signer: deps.signer, fileUrl: deps.fileUrl },
          {
            params: req.params ?? {},
            query: req.query ?? {},
            body: req.body,
            idempotencyKey: Array.isArray(key) ? key[0] : key
          }
        );
        if (isWithStatus(result)) {
          if (result.replayed) reply.header("idempotent-replayed", "true");
          return reply.status(result.statusCode).send(result.body);
        }
        if (op.response === null) return reply.status(op.successStatus).send();
        return reply.status(op.successStatus).send(result);
      }
    });
  }
}

// src/http/files.routes.ts
import { z as z4 } from "zod";
var filesRoutes = async (app, { ctx }) => {
  app.get("/files/:key", { schema: { hide: true, params: z4.object({ key: z4.string() }) } }, async (req, reply) => {
    const stream = ctx.storage.stream(req.params.key);
    if (!stream) return reply.status(404).send({ error: { code: null, message: "Archivo no encontrado" } });
    const doc = await findDocumentByStorageKey(ctx.db, req.params.key);
    const ext = req.params.key.split(".").pop() ?? "";
    const type = doc?.mime_type ?? MIME_BY_EXTENSION[ext] ?? "application/octet-stream";
    return reply.header("content-type", type).header("cache-control", "private, max-age=3600").send(stream);
  });
};

// src/http/openapi.ts
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
async function registerOpenApi(app, serverUrl) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "vcase \u2014 vehicle case and document validation API",
        version: "1.0.0",
        description: "Cases, documents, registry lookups, plates, chains, tenencia, tickets, invoices and INE validation."
      },
      servers: [{ url: serverUrl, description: "this server" }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          apiKeyAuth: { type: "apiKey", in: "header", name: "x-api-key" },
          adminAuth: { type: "http", scheme: "bearer", description: "VCASE_ADMIN_TOKEN" }
        }
      }
    },
    transform: (input) => {
      if (input.url.startsWith("/trpc")) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const auth = input.route.config?.auth;
      const security = auth === "bearer" ? [{ bearerAuth: [] }] : auth === "apiKey" ? [{ apiKeyAuth: [] }] : auth === "bearerOrApiKey" ? [{ apiKeyAuth: [] }, { bearerAuth: [] }] : auth === "admin" ? [{ adminAuth: [] }] : [];
      return { ...out, schema: { ...out.schema, security } };
    }
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}

// src/trpc/registerTrpc.ts
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";

// src/trpc/appRouter.ts
import { OPERATION_LIST as OPERATION_LIST2, pathParams as pathParams2 } from "@vcase/shared";
import { z as z5 } from "zod";

// src/trpc/trpc.ts
import { ERROR_CODES as ERROR_CODES2 } from "@vcase/shared";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
var CODE_BY_STATUS = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  501: "NOT_IMPLEMENTED"
};
function contractCodeOf(cause) {
  if (cause instanceof HttpError) return cause.code;
  if (cause instanceof ZodError) return "VALIDATION_ERROR";
  return null;
}
var t = initTRPC.context().create({
  errorFormatter({ shape, error }) {
    const code = contractCodeOf(error.cause);
    return {
      ...shape,
      message: error.code === "INTERNAL_SERVER_ERROR" ? "Error interno del servidor" : shape.message,
      data: {
        ...shape.data,
        stack: void 0,
        contractCode: code && ERROR_CODES2.includes(code) ? code : null,
        httpStatus: error.cause instanceof HttpError ? error.cause.statusCode : shape.data.httpStatus,
        details: error.cause instanceof HttpError ? error.cause.details : void 0
      }
    };
  }
});
var mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof HttpError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: CODE_BY_STATUS[cause.statusCode] ?? "INTERNAL_SERVER_ERROR", message: cause.message, cause });
  }
  return result;
});
function authed(mode, errorCode = null) {
  return t.procedure.use(mapErrors).use(async ({ ctx, next }) => {
    const principal = await ctx.authenticator.authenticate(mode, ctx.headers, errorCode);
    return next({ ctx: { ...ctx, principal } });
  });
}
var router = t.router;
var procedureFor = authed;

// src/trpc/appRouter.ts
function splitInput(path6, method, input) {
  const names = pathParams2(path6);
  const params = Object.fromEntries(names.map((n) => [n, String(input[n] ?? "")]));
  const { idempotency_key, ...rest } = Object.fromEntries(Object.entries(input).filter(([k]) => !names.includes(k)));
  const body = "body" in rest && Object.keys(rest).length === 1 ? rest.body : rest;
  return method === "GET" ? { params, query: rest, body: void 0, idempotencyKey: idempotency_key } : { params, query: {}, body, idempotencyKey: idempotency_key };
}
function validated(schema, value) {
  const r2 = schema.safeParse(value);
  if (r2.success) return r2.data;
  const issues = r2.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message }));
  throw validationError(`Solicitud inv\xE1lida: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`, issues);
}
var looseInput = z5.record(z5.string(), z5.unknown()).optional();
function buildProcedures() {
  const procedures = {};
  for (const op of OPERATION_LIST2) {
    if (op.id === "health") continue;
    const handler = HANDLERS[op.id];
    const base = procedureFor(op.auth, op.id === "listDocuments" ? "UNAUTHORIZED" : null).input(looseInput);
    const resolve = async ({ ctx, input }) => {
      const parts = splitInput(op.path, op.method, input ?? {});
      if (op.query) parts.query = validated(op.query, parts.query);
      if (!op.rejectsBody && !op.bodyCheck && op.body) parts.body = validated(op.body, parts.body ?? {});
      const result = await handler({ ctx: ctx.deps.ctx, principal: ctx.principal, signer: ctx.deps.signer, fileUrl: ctx.deps.fileUrl }, parts);
      const body = isWithStatus(result) ? result.body : result;
      if (!op.response) return null;
      const encoded = op.response.safeParse(body);
      return encoded.success ? encoded.data : body;
    };
    procedures[op.id] = op.method === "GET" ? base.query(resolve) : base.mutation(resolve);
  }
  return procedures;
}
var appRouter = router(buildProcedures());

// src/trpc/registerTrpc.ts
async function registerTrpc(app, deps) {
  await app.register(async (scope) => {
    await scope.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: ({ req }) => ({
          deps,
          authenticator: deps.authenticator,
          headers: {
            authorization: req.headers.authorization,
            "x-api-key": req.headers["x-api-key"]
          }
        }),
        onError: ({ error, path: path6 }) => {
          if (error.code === "INTERNAL_SERVER_ERROR") deps.ctx.logger.error({ err: error, path: path6 }, "trpc error");
        }
      }
    });
  });
}

// src/app.ts
async function buildApp(deps) {
  const { ctx } = deps;
  const app = Fastify({
    loggerInstance: ctx.logger,
    bodyLimit: 30 * 1024 * 1024,
    disableRequestLogging: true,
    genReqId: () => ctx.ids()
  }).withTypeProvider();
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === "body" ? (data) => validate(data ?? {}) : validate;
  });
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, void 0);
    return jsonParser(req, text, done);
  });
  app.setSerializerCompiler((route) => {
    const strict = serializerCompiler(route);
    if (deps.strictResponses) return strict;
    return (data) => {
      try {
        return strict(data);
      } catch (err) {
        ctx.logger.warn({ err, url: route.url, method: route.method }, "response does not match its schema; sent as is");
        return JSON.stringify(data);
      }
    };
  });
  registerErrorHandler(app);
  const signer = createTokenSigner(deps.jwtSecret);
  const authenticator = createAuthenticator(ctx, signer, deps.adminToken);
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
    const config = req.routeOptions.config;
    try {
      req.principal = await authenticator.authenticate(config?.auth ?? "none", req.headers, config?.authErrorCode ?? null);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401 && config?.unauthorizedMessage) {
        throw new HttpError(401, err.code, config.unauthorizedMessage);
      }
      throw err;
    }
  });
  const base = publicBaseUrl(ctx.config);
  const routeDeps = {
    ctx,
    signer,
    fileUrl: (doc) => `${base}/files/${doc.storage_key ?? doc.id}`
  };
  await registerOpenApi(app, base);
  await app.register(healthRoutes);
  await registerOperationRoutes(app, routeDeps);
  await app.register(filesRoutes, routeDeps);
  await registerTrpc(app, { ...routeDeps, authenticator });
  return app;
}

// src/server.ts
import pino from "pino";

// src/auth/secrets.ts
import { randomBytes as randomBytes3 } from "crypto";
import fs2 from "fs";
import path3 from "path";
function loadOrCreateSecret(stateDir, name, configured) {
  if (configured) return { value: configured, created: false };
  const file = path3.join(stateDir, name);
  try {
    const existing = fs2.readFileSync(file, "utf8").trim();
    if (existing) return { value: existing, created: false };
  } catch {
  }
  fs2.mkdirSync(stateDir, { recursive: true });
  const value = randomBytes3(32).toString("base64url");
  fs2.writeFileSync(file, `${value}
`, { mode: 384 });
  return { value, created: true };
}

// src/bootstrap.ts
import fs3 from "fs";
import path4 from "path";
var DEMO_TOKEN_TTL_SECONDS = 365 * 86400;
async function bootstrapDemo(ctx, signer) {
  if (ctx.config.providers !== "sandbox" || !ctx.config.bootstrap) return null;
  if (await countCompanies(ctx.db) > 0) return null;
  const company = await createCompany(ctx, { name: "Demo Company", status_catalog: ["processing", "nuevo"] });
  const user = await createUser(ctx, company.company_id, { name: "Demo Analyst", email: "analyst@demo.vcase.local" });
  const token = await issueToken(ctx, signer, user.user_id, DEMO_TOKEN_TTL_SECONDS);
  const key = await createApiKey(ctx, company.company_id, "demo");
  const credentials = {
    base_url: publicBaseUrl(ctx.config),
    token: token.access_token,
    api_key: key.api_key
  };
  fs3.mkdirSync(ctx.config.stateDir, { recursive: true });
  fs3.writeFileSync(
    path4.join(ctx.config.stateDir, "credentials.json"),
    `${JSON.stringify({ ...credentials, company_id: company.company_id, user_id: user.user_id }, null, 2)}
`,
    { mode: 384 }
  );
  return credentials;
}

// src/clock.ts
import { randomUUID } from "crypto";
function systemClock() {
  let last = 0;
  return {
    now() {
      const t2 = Math.max(Date.now(), last + 1);
      last = t2;
      return new Date(t2);
    }
  };
}
var randomIds = () => randomUUID();

// src/db/createDatabase.ts
import fs4 from "fs";
import path5 from "path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";

// src/db/migrations/001_core.ts
var core_exports = {};
__export(core_exports, {
  down: () => down,
  up: () => up
});
async function up(db) {
  await db.schema.createTable("companies").addColumn("id", "text", (c) => c.primaryKey()).addColumn("name", "text", (c) => c.notNull()).addColumn("status_catalog", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("use_cases").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.notNull().references("companies.id")).addColumn("name", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("users").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.notNull().references("companies.id")).addColumn("pid", "text").addColumn("name", "text").addColumn("email", "text").addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("users_pid_idx").on("users").column("pid").execute();
  await db.schema.createTable("api_keys").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.notNull().references("companies.id")).addColumn("name", "text").addColumn("key_hash", "text", (c) => c.notNull().unique()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("revoked_at", "text").execute();
  await db.schema.createTable("cases").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.references("companies.id")).addColumn("internal_id", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("review_status", "text").addColumn("vehicle_origin", "text", (c) => c.notNull()).addColumn("use_case_id", "text").addColumn("user_id_added_by", "text").addColumn("created_by", "text").addColumn("assigned_to", "text").addColumn("active", "integer", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("cases_company_created_idx").on("cases").columns(["company_id", "active", "created_at"]).execute();
  await db.schema.createIndex("cases_internal_id_idx").on("cases").columns(["company_id", "internal_id"]).execute();
  await db.schema.createTable("case_assignments").addColumn("id", "text", (c) => c.primaryKey()).addColumn("case_id", "text", (c) => c.notNull().references("cases.id")).addColumn("assigned_user_id", "text", (c) => c.notNull()).addColumn("assigned_by", "text").addColumn("user_label", "text", (c) => c.notNull()).addColumn("pid", "text").addColumn("label", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("case_assignments_case_idx").on("case_assignments").columns(["case_id", "created_at"]).execute();
  await db.schema.createTable("case_metadata_entries").addColumn("id", "text", (c) => c.primaryKey()).addColumn("case_id", "text", (c) => c.notNull().references("cases.id")).addColumn("user_id", "text").addColumn("data", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("case_metadata_case_idx").on("case_metadata_entries").columns(["case_id", "created_at"]).execute();
  await db.schema.createTable("documents").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.notNull().references("companies.id")).addColumn("case_id", "text", (c) => c.notNull().references("cases.id")).addColumn("parent_id", "text").addColumn("type", "text").addColumn("subtype", "text").addColumn("mime_type", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("storage_key", "text").addColumn("source_url", "text").addColumn("size_bytes", "integer").addColumn("sha256", "text").addColumn("parsed_data", "text").addColumn("json_ocr", "text").addColumn("validity", "text").addColumn("classification_method", "text").addColumn("classification_confidence", "double precision").addColumn("vin", "text").addColumn("active", "integer", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).addColumn("processed_at", "text").execute();
  await db.schema.createIndex("documents_case_idx").on("documents").columns(["case_id", "created_at"]).execute();
  await db.schema.createIndex("documents_company_idx").on("documents").columns(["company_id", "created_at"]).execute();
  await db.schema.createTable("sandbox_fixtures").addColumn("source", "text", (c) => c.notNull()).addColumn("key", "text", (c) => c.notNull()).addColumn("outcome", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("sandbox_fixtures_pk", ["source", "key"]).execute();
  await db.schema.createTable("settings").addColumn("key", "text", (c) => c.primaryKey()).addColumn("value", "text", (c) => c.notNull()).execute();
}
async function down(db) {
  for (const table of [
    "settings",
    "sandbox_fixtures",
    "documents",
    "case_metadata_entries",
    "case_assignments",
    "cases",
    "api_keys",
    "users",
    "use_cases",
    "companies"
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// src/db/migrations/002_jobs_webhooks.ts
var jobs_webhooks_exports = {};
__export(jobs_webhooks_exports, {
  down: () => down2,
  up: () => up2
});
async function up2(db) {
  await db.schema.createTable("jobs").addColumn("id", "text", (c) => c.primaryKey()).addColumn("kind", "text", (c) => c.notNull()).addColumn("company_id", "text").addColumn("case_id", "text").addColumn("parent_id", "text").addColumn("payload", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).addColumn("max_attempts", "integer").addColumn("run_at", "text", (c) => c.notNull()).addColumn("lease_until", "text").addColumn("locked_by", "text").addColumn("result", "text").addColumn("error", "text").addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).addColumn("started_at", "text").addColumn("finished_at", "text").execute();
  await db.schema.createIndex("jobs_status_run_at_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_case_kind_idx").on("jobs").columns(["case_id", "kind", "created_at"]).execute();
  await db.schema.createIndex("jobs_parent_idx").on("jobs").column("parent_id").execute();
  await db.schema.createTable("webhook_registrations").addColumn("company_id", "text", (c) => c.notNull()).addColumn("event", "text", (c) => c.notNull()).addColumn("url", "text", (c) => c.notNull()).addColumn("template", "text").addColumn("api_key", "text").addColumn("updated_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("webhook_registrations_pk", ["company_id", "event"]).execute();
  await db.schema.createTable("webhook_deliveries").addColumn("id", "text", (c) => c.primaryKey()).addColumn("company_id", "text", (c) => c.notNull()).addColumn("event", "text", (c) => c.notNull()).addColumn("case_id", "text").addColumn("url", "text", (c) => c.notNull()).addColumn("request_body", "text", (c) => c.notNull()).addColumn("status_code", "integer").addColumn("ok", "integer", (c) => c.notNull()).addColumn("response_body", "text").addColumn("error", "text").addColumn("duration_ms", "integer").addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("webhook_deliveries_company_created_idx").on("webhook_deliveries").columns(["company_id", "created_at"]).execute();
}
async function down2(db) {
  for (const table of ["webhook_deliveries", "webhook_registrations", "jobs"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// src/db/migrations/003_documents.ts
var documents_exports = {};
__export(documents_exports, {
  down: () => down3,
  up: () => up3
});
async function up3(db) {
  await db.schema.alterTable("documents").addColumn("ocr_id", "text").execute();
  await db.schema.alterTable("documents").addColumn("file_name", "text").execute();
  await db.schema.alterTable("cases").addColumn("plates_computed_at", "text").execute();
  await db.schema.createTable("idempotency_keys").addColumn("company_id", "text", (c) => c.notNull()).addColumn("route", "text", (c) => c.notNull()).addColumn("key", "text", (c) => c.notNull()).addColumn("body_hash", "text", (c) => c.notNull()).addColumn("status_code", "integer", (c) => c.notNull()).addColumn("response_body", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("idempotency_keys_pk", ["company_id", "route", "key"]).execute();
  await db.schema.createTable("case_plates").addColumn("id", "text", (c) => c.primaryKey()).addColumn("case_id", "text", (c) => c.notNull().references("cases.id")).addColumn("plate", "text", (c) => c.notNull()).addColumn("entity", "text", (c) => c.notNull()).addColumn("document_type", "text", (c) => c.notNull()).addColumn("document_date", "text", (c) => c.notNull()).addColumn("file_id", "text", (c) => c.notNull()).addColumn("ocr_id", "text", (c) => c.notNull()).addColumn("niv", "text").addColumn("motor_number", "text").addColumn("owner_name", "text").addColumn("position", "integer", (c) => c.notNull()).execute();
  await db.schema.createIndex("case_plates_case_idx").on("case_plates").columns(["case_id", "position"]).execute();
  await db.schema.createTable("plate_portal_lookups").addColumn("case_id", "text", (c) => c.notNull().references("cases.id")).addColumn("plate", "text", (c) => c.notNull()).addColumn("lookup_status", "text").addColumn("plate_status", "text").addColumn("valid_from", "text").addColumn("valid_until", "text").addColumn("previous_plate", "text").addColumn("job_id", "text").addColumn("raw", "text").addColumn("updated_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("plate_portal_lookups_pk", ["case_id", "plate"]).execute();
}
async function down3(db) {
  await db.schema.dropTable("plate_portal_lookups").ifExists().execute();
  await db.schema.dropTable("case_plates").ifExists().execute();
  await db.schema.dropTable("idempotency_keys").ifExists().execute();
  await db.schema.alterTable("cases").dropColumn("plates_computed_at").execute();
  await db.schema.alterTable("documents").dropColumn("file_name").execute();
  await db.schema.alterTable("documents").dropColumn("ocr_id").execute();
}

// src/db/migrations/index.ts
var migrations = {
  "001_core": core_exports,
  "002_jobs_webhooks": jobs_webhooks_exports,
  "003_documents": documents_exports
};
var migrationProvider = {
  async getMigrations() {
    return migrations;
  }
};

// src/db/createDatabase.ts
function openDatabase(url) {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db2 = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db: db2, dialect: "postgres", close: () => db2.destroy() };
  }
  if (url !== ":memory:") fs4.mkdirSync(path5.dirname(path5.resolve(url)), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely({ dialect: new SqliteDialect({ database: __cached(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
async function migrateToLatest(db) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r2) => r2.status === "Error");
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
}

// src/jobHandlers.ts
var jobHandlers = {
  [WEBHOOK_DELIVER_JOB]: deliverWebhook,
  [DOCUMENT_PROCESS_JOB]: documentProcessJob,
  [CASE_PROCESS_JOB]: caseProcessJob,
  [PLATE_PORTAL_JOB]: platePortalJob,
  [INVOICE_CHECK_JOB]: invoiceCheckJob,
  [LOOKUP_BATCH_JOB]: lookupBatchJob,
  [PLATE_CHAIN_JOB]: chainJob(PLATE_CHAIN_JOB),
  [OWNERSHIP_CHAIN_JOB]: chainJob(OWNERSHIP_CHAIN_JOB),
  [lookupJobKind("bureau")]: lookupJobHandler(attachBureauReport),
  ...Object.fromEntries(
    ["repuve", "pedimento", "rapi", "renapo", "ine", "tickets", "tenencia"].map((s) => [lookupJobKind(s), lookupJobHandler()])
  )
};

// src/jobs/jobRunner.ts
import { randomUUID as randomUUID2 } from "crypto";
import { hostname } from "os";
import { Cron } from "croner";
var PermanentJobError = class extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "PermanentJobError";
  }
};
var DEFAULT_MAX_ATTEMPTS = 3;
var DEFAULT_LEASE_MS = 3e4;
var DEFAULT_POLL_INTERVAL_MS = 1e3;
var DEFAULT_STOP_TIMEOUT_MS = 1e4;
var LEASE_RECOVERY_ALLOWANCE = 2;
function defaultBackoffMs(attempt) {
  const base = Math.min(3e5, 1e3 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + Math.random() / 2));
}
function createJobRunner(opts) {
  const { ctx, handlers, concurrency } = opts;
  const { db, dialect, clock, logger } = ctx;
  const kinds = Object.keys(handlers);
  const defaultLeaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const pollIntervalMs = opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const stopTimeoutMs = opts.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID2().slice(0, 8)}`;
  const running = /* @__PURE__ */ new Map();
  let started = false;
  let closed = false;
  let pumping = null;
  let pumpAgain = false;
  let pollTimer;
  let schedules = [];
  let stopping;
  let launched = 0;
  function pump() {
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        while (!closed && running.size < concurrency) {
          const job = await claimNextJob(db, dialect, {
            now: clock.now(),
            leaseMs: defaultLeaseMs,
            workerId,
            kinds
          }).catch((err) => {
            logger.error({ err, workerId }, "job claim failed");
            return void 0;
          });
          if (!job) break;
          launch(job);
        }
      } while (pumpAgain && !closed && running.size < concurrency);
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  }
  function launch(job) {
    const abort = new AbortController();
    const done = execute(job, abort).catch((err) => logger.error({ err, jobId: job.id, kind: job.kind }, "job bookkeeping failed")).finally(() => {
      running.delete(job.id);
      if (started && !closed) void pump();
    });
    running.set(job.id, { done, abort });
    launched++;
  }
  async function execute(job, abort) {
    const handler = handlers[job.kind];
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts, workerId };
    if (!handler) {
      await failJob(db, job.id, workerId, `no handler for job kind ${job.kind}`, clock.now());
      return;
    }
    const maxAttempts = job.maxAttempts ?? handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (job.attempts > maxAttempts + LEASE_RECOVERY_ALLOWANCE) {
      const message2 = `abandoned: its worker stopped renewing the lease ${job.attempts - 1} times`;
      await failJob(db, job.id, workerId, message2, clock.now());
      logger.error(log, message2);
      return;
    }
    const leaseMs = handler.leaseMs ?? defaultLeaseMs;
    let finished = false;
    const renew = async () => {
      try {
        const owned = await extendLease(db, job.id, workerId, new Date(clock.now().getTime() + leaseMs));
        if (!owned && !finished) {
          logger.warn(log, "job lease lost; another worker may have taken it");
          abort.abort(new Error("job lease lost"));
        }
      } catch (err) {
        logger.warn({ ...log, err }, "job lease renewal failed");
      }
    };
    const heartbeat = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    abort.signal.addEventListener("abort", () => clearInterval(heartbeat), { once: true });
    if (handler.leaseMs !== void 0 && handler.leaseMs !== defaultLeaseMs) await renew();
    let outcome;
    try {
      outcome = { ok: true, result: await handler.run(job, ctx, { signal: abort.signal }) };
    } catch (err) {
      outcome = { ok: false, err };
    } finally {
      finished = true;
      clearInterval(heartbeat);
    }
    const now = clock.now();
    if (outcome.ok) {
      const owned = await completeJob(db, job.id, workerId, outcome.result, now);
      if (!owned) logger.warn(log, "job finished after losing its claim; outcome discarded");
      return;
    }
    const message = errorMessage(outcome.err);
    const retry = !(outcome.err instanceof PermanentJobError) && job.attempts < maxAttempts;
    if (retry) {
      const delay = (handler.backoffMs ?? defaultBackoffMs)(job.attempts);
      await retryJob(db, job.id, workerId, message, new Date(now.getTime() + delay), now);
      logger.warn({ ...log, err: outcome.err, retryInMs: delay }, "job failed; will retry");
    } else {
      await failJob(db, job.id, workerId, message, now);
      logger.error({ ...log, err: outcome.err }, "job failed");
    }
  }
  async function maintain() {
    const now = clock.now();
    const recovered = await recoverExpiredLeases(db, now);
    if (recovered.length > 0) {
      logger.warn({ jobs: recovered }, "jobs whose worker lease expired are pending again");
      if (started && !closed) void pump();
    }
  }
  async function purge() {
    const now = clock.now().getTime();
    for (const [kind, handler] of Object.entries(handlers)) {
      if (handler.retentionMs === void 0) continue;
      const removed = await purgeCompletedJobs(db, kind, new Date(now - handler.retentionMs));
      if (removed > 0) logger.info({ kind, removed }, "purged completed jobs");
    }
  }
  function schedulePoll() {
    if (!started || closed) return;
    pollTimer = setTimeout(() => {
      void pump().finally(schedulePoll);
    }, pollIntervalMs);
    pollTimer.unref();
  }
  const onEnqueued = (kind) => {
    if (!Object.hasOwn(handlers, kind) || closed) return;
    void pump();
    setTimeout(() => void pump(), 50).unref();
  };
  return {
    workerId,
    start() {
      if (started || closed || concurrency <= 0) return;
      started = true;
      jobSignal.on("enqueued", onEnqueued);
      const every = (pattern, task) => new Cron(
        pattern,
        { protect: true, unref: true },
        () => task().catch((err) => logger.error({ err }, "job maintenance failed"))
      );
      schedules = [every("*/5 * * * * *", maintain), every("0 0 * * * *", purge)];
      void pump();
      schedulePoll();
    },
    stop() {
      stopping ??= (async () => {
        closed = true;
        started = false;
        clearTimeout(pollTimer);
        for (const s of schedules) s.stop();
        jobSignal.off("enqueued", onEnqueued);
        await pumping;
        let timer;
        await Promise.race([
          Promise.allSettled([...running.values()].map((r2) => r2.done)),
          new Promise((resolve) => {
            timer = setTimeout(resolve, stopTimeoutMs);
          })
        ]);
        clearTimeout(timer);
        for (const [id, { abort }] of running) {
          abort.abort(new Error("job runner stopped"));
          try {
            if (await releaseJob(db, id, workerId, clock.now())) {
              logger.warn({ jobId: id, workerId }, "job still running at shutdown; released to pending");
            }
          } catch (err) {
            logger.error({ err, jobId: id }, "could not release job at shutdown; its lease will expire");
          }
        }
      })();
      return stopping;
    },
    async runDue() {
      const before = launched;
      while (!closed) {
        await pump();
        if (running.size === 0) return launched - before;
        await Promise.race([...running.values()].map((r2) => r2.done));
      }
      return launched - before;
    },
    async whenIdle(timeoutMs = 1e4) {
      const deadline = Date.now() + timeoutMs;
      while (!closed) {
        await pump();
        if (running.size === 0 && !pumping && !await hasDueJob(db, kinds, clock.now()) && running.size === 0) return;
        if (Date.now() >= deadline) throw new Error(`job runner not idle after ${timeoutMs} ms`);
        const settled = [...running.values()].map((r2) => r2.done);
        await Promise.race([...settled, sleep2(settled.length > 0 ? 100 : 10)]);
      }
    },
    notify() {
      if (!closed) void pump();
    },
    maintain: async () => {
      await maintain();
      await purge();
    }
  };
}
function errorMessage(err) {
  return err instanceof Error ? err.message : String(err);
}
var sleep2 = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// src/server.ts
async function createContext(opts) {
  const { config } = opts;
  const logger = opts.logger ?? pino({ level: config.logLevel });
  const handle = openDatabase(config.db);
  await migrateToLatest(handle.db);
  const ctx = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock: opts.clock ?? systemClock(),
    ids: opts.ids ?? randomIds,
    fetch: opts.fetch ?? globalThis.fetch,
    logger,
    storage: localFileStore(config.storageDir)
  };
  return { ctx, handle };
}
async function createServer(opts) {
  const { config } = opts;
  const { ctx, handle } = await createContext(opts);
  const logger = ctx.logger;
  const adminToken = loadOrCreateSecret(config.stateDir, "admin-token", config.adminToken);
  const jwtSecret = loadOrCreateSecret(config.stateDir, "jwt-secret", config.jwtSecret);
  if (adminToken.created) logger.info({ adminToken: adminToken.value }, `admin token generated and kept in ${config.stateDir}/admin-token`);
  const app = await buildApp({ ctx, adminToken: adminToken.value, jwtSecret: jwtSecret.value, strictResponses: opts.strictResponses });
  const bootstrapped = await bootstrapDemo(ctx, createTokenSigner(jwtSecret.value));
  const runner = createJobRunner({ ctx, handlers: jobHandlers, concurrency: config.workers });
  let stopped = false;
  return {
    app,
    ctx,
    runner,
    adminToken: adminToken.value,
    bootstrapped,
    async start() {
      const address = await app.listen({ port: config.port, host: config.host });
      if (config.workers > 0) runner.start();
      return address;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await runner.stop();
      await handle.close();
    }
  };
}
async function createWorker(opts) {
  const { config } = opts;
  const { ctx, handle } = await createContext(opts);
  const runner = createJobRunner({ ctx, handlers: jobHandlers, concurrency: Math.max(1, config.workers) });
  return {
    ctx,
    runner,
    start: () => runner.start(),
    async stop() {
      await runner.stop();
      await handle.close();
    }
  };
}

export {
  configSchema,
  loadConfig,
  buildApp,
  createServer,
  createWorker
};
//# sourceMappingURL=chunk-DLQ367JD.js.map
function __cached(db){ const m=new Map(); return { prepare(sql){ let st=m.get(sql); if(!st){ st=db.prepare(sql); m.set(sql,st);} return st; }, close(){ return db.close(); } }; }
