/**
 * The one error type of the server. Throw it anywhere in a request; the error handler answers the envelope
 * `{failed: true, code, message, type, requestId, fields?}` with `status` as the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'error.validation', message, fields)
export const unauthorized = (message = 'Not signed in or the session has ended: sign in again.') =>
  new AppError(401, 'error.unauthorized', message)
export const forbidden = (message: string) => new AppError(403, 'error.forbidden', message)
export const notFound = (message: string) => new AppError(404, 'error.not_found', message)
export const conflict = (code: string, message: string) => new AppError(409, code, message)

/** The 403 of a missing permission code (PLAT-ERR-02 wording, naming the code). */
export const noPermission = (code: string) =>
  Object.assign(forbidden(`No permission (${code}), contact the system administrator.`), {
    /** Read by the miss-permission record (server/modules/hiam/miss-permission.ts). */
    permissionCode: code,
  })
