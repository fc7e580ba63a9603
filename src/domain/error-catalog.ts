/**
 * The closed catalog of API error codes: one code union, one table code -> HTTP status.
 * docs/errors.md lists the same table; test/api/error-catalog.test.ts keeps them in sync.
 */
export const ERROR_CATALOG = {
  invalid_input: { status: 400, description: 'The request breaks a rule; `details` lists every problem with its JSON pointer.' },
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  invalid_cursor: { status: 400, description: 'The pagination cursor was altered or belongs to another query.' },
  unknown_asset_config: { status: 400, description: 'assetConfigId is not one of the known configurations.' },
  invalid_asset_type: { status: 400, description: 'assetType is not one of the accepted values.' },
  invalid_prediction_target: { status: 400, description: 'Prediction target missing, doubled, impossible or in the wrong direction for the type.' },
  missing_credential: { status: 401, description: 'No `authorization: Bearer <API_KEY>` header.' },
  invalid_credential: { status: 401, description: 'The API key is malformed, has a bad signature, or was revoked.' },
  wrong_environment: { status: 403, description: 'The API key belongs to another environment than this deployment.' },
  upload_signature_invalid: { status: 403, description: 'The upload address was altered or has expired.' },
  user_not_found: { status: 404, description: 'No user with this token (for this partner and environment).' },
  scan_not_found: { status: 404, description: 'No scan with this id (for this partner and environment).' },
  prediction_not_found: { status: 404, description: 'No body shape prediction with this id.' },
  asset_not_found: { status: 404, description: 'This asset does not exist for the scan\'s configuration.' },
  route_not_found: { status: 404, description: 'No such endpoint.' },
  method_not_allowed: { status: 405, description: 'The endpoint exists but not with this method.' },
  version_not_acceptable: { status: 406, description: 'The accept header asks for an interface version other than 1.' },
  scan_not_ready: { status: 409, description: 'The scan has no results yet (status is not READY).' },
  prediction_not_ready: { status: 409, description: 'The prediction has no results yet (status is not READY).' },
  scan_not_awaiting_upload: { status: 409, description: 'Capture data can be uploaded only while the scan is CREATED.' },
  user_token_taken: { status: 409, description: 'Another user already has this token.' },
  payload_too_large: { status: 413, description: 'The body or upload exceeds the size limit; nothing was kept.' },
  unsupported_media_type: { status: 415, description: 'JSON endpoints accept `content-type: application/json` only.' },
  rate_limited: { status: 429, description: 'Too many requests; retry after `retry-after` seconds.' },
  internal_error: { status: 500, description: 'A bug on our side; it is logged with the request id.' },
  service_unavailable: { status: 503, description: 'The server is shutting down; send the request again.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** One problem with the input: a JSON pointer into the request (e.g. `/body/weight/value`) and why. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error the API answers with its catalog status; everything else is a 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }
}

/** 429: the partner's request rate is over its limit; `retryAfterS` is sent as `retry-after`. */
export class RateLimitedError extends AppError {
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super('rate_limited', `Too many requests for this partner and environment; retry after ${retryAfterS} s.`);
    this.retryAfterS = retryAfterS;
  }
}
