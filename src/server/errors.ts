// The one error type of the API: a code from the shared catalogue, an HTTP status and the
// pt-BR message the browser shows. The central handler in app.ts turns it into JSON.
import { type ApiErrorCode, errorMessages } from '../shared/messages.js';

export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ApiErrorCode, statusCode: number, options: { message?: string; headers?: Record<string, string> } = {}) {
    super(options.message ?? errorMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
  }
}
